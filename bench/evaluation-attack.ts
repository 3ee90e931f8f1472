// The figures of issue #20's evaluation attack, before and after: for each recursion depth given,
// a POST /transactions/build minting under test/hostile/recursive-policy.ts's policy (which
// recurses as often as its redeemer says) against the service as a real process on the devnet,
// with the answer's status and time, the worst health latency meanwhile, the peak RSS and whether
// the process is alive after (test/support/hostile.ts's underAttack). The first depth also starts
// the evaluation workers. Run: npx tsx bench/evaluation-attack.ts 10 1000000 1000000000 7000
// (ATTACK_TIMEOUT ms per request, 30000 by default).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { recursivePolicy } from "../test/hostile/recursive-policy.js";
import { underAttack } from "../test/support/hostile.js";
import { startServer } from "../test/support/process.js";
import { newEnterpriseWallet } from "../test/support/wallets.js";

const timeoutMs = Number(process.env["ATTACK_TIMEOUT"] ?? 30_000);
const post = (url: string, body: object) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });

const dir = mkdtempSync(join(tmpdir(), "evaluation-attack-"));
const server = await startServer(dir);
try {
  const wallet = await newEnterpriseWallet();
  await post(`${server.base}/devnet/faucet`, { address: wallet.address, lovelace: 1_000_000_000 });
  const policy = recursivePolicy();
  for (const depth of process.argv.slice(2).map(Number)) {
    const body = {
      changeAddress: wallet.address,
      mint: [
        {
          version: "cip25",
          assetName: { name: "x", format: "utf8" },
          policyId: policy.hash,
          type: "plutus",
          quantity: 1,
        },
      ],
      scriptInteractions: [{ purpose: "mint", hash: policy.hash, redeemer: { type: "json", value: depth } }],
      preloadedScripts: [{ type: "plutus", blueprint: policy.blueprint }],
    };
    const outcome = await underAttack(server, (base) => post(`${base}/transactions/build`, body), timeoutMs);
    const { status, elapsedMs, worstHealthMs, peakRssMiB, alive } = outcome;
    console.log(
      JSON.stringify({
        depth,
        bodyBytes: JSON.stringify(body).length,
        status,
        elapsedMs,
        worstHealthMs,
        peakRssMiB,
        alive,
        answer: outcome.body.slice(0, 300),
      }),
    );
    if (!alive) break;
  }
} finally {
  await server.kill();
  rmSync(dir, { recursive: true, force: true });
}

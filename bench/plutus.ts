// Plutus builds over HTTP (issue #9, "Tests and figures"): the latency of the hosted API's
// hello-world lock and unlock (smart-contracts/hello-world; an Aiken, Plutus V3 validator) built by
// POST /transactions/build on the embedded devnet, its blueprint stored with POST /blueprints and
// its validator deployed as a reference script first, as the examples do:
// - lock: 2 ADA to the script address with an inline datum given as JSON of the blueprint's schema
//   (the conversion by schema, no script run);
// - unlock: spend that UTxO with a JSON redeemer, the validator run by reference: the build reads
//   the UTxO and the deployment from the chain, picks collateral, and the devnet's evaluator
//   (Scalus) prices the budget, twice when the budget moves the fee.
// Both are built one request at a time (nothing measured is submitted, so each builds the same
// transaction), in BENCH_RUNS interleaved rounds of BENCH_SECONDS; medians of the rounds' p50.
// Run alone: `npx tsx bench/plutus.ts`; bench/run.ts calls runPlutusBench as an optional section.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { resolvePaymentKeyHash } from "@meshsdk/core-cst";
import { isDevnet, type DevnetPort } from "../src/chain/port.js";
import { BASE_PATH } from "../src/server/paths.js";
import type { Body, OperationId } from "../test/support/api.js";
import { newWallet, utxoStringsAt } from "./devnet.js";
import {
  closeLoadGenerator,
  fmt,
  median,
  optionsFromEnv,
  printTable,
  sequentialRound,
  startBenchService,
  type BenchOptions,
  type BenchRow,
  type RoundFigures,
} from "./util.js";

const BLUEPRINT = JSON.parse(
  readFileSync(new URL("../test/fixtures/blueprints/hello-world.plutus.json", import.meta.url), "utf8"),
) as { validators: { hash: string }[] };
const HASH = BLUEPRINT.validators[0]!.hash;

/** POST `body` to `url`: operation K's documented answer (test/support/api.ts), or a throw when it is not a 200. */
async function call<K extends OperationId>(url: string, body: unknown): Promise<Body<K>> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`POST ${url} answered ${response.status}: ${text.slice(0, 400)}`);
  return JSON.parse(text) as Body<K>;
}

export async function runPlutusBench(options: BenchOptions = optionsFromEnv()): Promise<BenchRow[]> {
  const service = await startBenchService();
  try {
    const chain = service.app.chain;
    if (!chain || !isDevnet(chain)) throw new Error("the Plutus benchmark needs the embedded devnet");
    const devnet: DevnetPort = chain;
    const api = `${service.url}${BASE_PATH}`;
    const customer = await newWallet("enterprise");
    const keyHash = resolvePaymentKeyHash(customer.address);
    await devnet.faucet(customer.address, 200_000_000n);
    const sign = async (built: { complete: string }) => devnet.submit(await customer.sign(built.complete));

    const { scriptAddresses } = await call<"upsertBlueprint">(`${api}/blueprints`, { blueprint: BLUEPRINT });
    const deployTx = await sign(
      await call<"buildTransaction">(`${api}/transactions/build`, {
        changeAddress: customer.address,
        outputs: [{ address: scriptAddresses[HASH], datum: { type: "script", hash: HASH } }],
      }),
    );
    await call<"upsertBlueprint">(`${api}/blueprints`, {
      blueprint: BLUEPRINT,
      refs: { [HASH]: { txHash: deployTx, index: 0 } },
    });

    const lock = {
      changeAddress: customer.address,
      utxos: await utxoStringsAt(devnet, customer.address),
      outputs: [
        {
          address: scriptAddresses[HASH],
          lovelace: 2_000_000,
          datum: { type: "inline", value: { owner: keyHash }, shape: { validatorHash: HASH, purpose: "spend" } },
        },
      ],
    };
    const lockTx = await sign(await call<"buildTransaction">(`${api}/transactions/build`, lock));
    const unlock = {
      changeAddress: customer.address,
      utxos: await utxoStringsAt(devnet, customer.address),
      scriptInteractions: [
        {
          hash: HASH,
          purpose: "spend",
          outputRef: { txHash: lockTx, index: 0 },
          redeemer: { type: "json", value: { msg: Buffer.from("Hello World").toString("hex") } },
        },
      ],
      requiredSigners: [keyHash],
    };
    // The bodies measured, now that the chain holds what they spend.
    lock.utxos = unlock.utxos;
    const fees = {
      lock: (await call<"buildTransaction">(`${api}/transactions/build`, lock)).fee,
      unlock: (await call<"buildTransaction">(`${api}/transactions/build`, unlock)).fee,
    };

    const kinds = { lock, unlock } as const;
    const rounds: Record<keyof typeof kinds, RoundFigures[]> = { lock: [], unlock: [] };
    const limits = {
      minCount: 5,
      maxCount: 100_000,
      minSeconds: options.durationSeconds,
      maxSeconds: options.durationSeconds,
      timeoutSeconds: 30,
    };
    for (let run = 0; run < options.runs; run++) {
      for (const kind of ["lock", "unlock"] as const) {
        process.stdout.write(`  round ${run + 1}/${options.runs}: ${kind} …`);
        rounds[kind].push(await sequentialRound(`${api}/transactions/build`, kinds[kind], limits));
        process.stdout.write(" done\n");
      }
    }
    const rows: BenchRow[] = (["lock", "unlock"] as const).map((kind) => ({
      request:
        kind === "lock"
          ? "lock: inline datum from JSON by the blueprint"
          : "unlock: V3 validator by reference, evaluated",
      "p50 ms": fmt(median(rounds[kind].map((r) => r.p50Ms)), 2),
      "builds/s (1 conn)": fmt(median(rounds[kind].map((r) => r.perSecond))),
      "fee lovelace": fees[kind],
      failures: String(rounds[kind].reduce((s, r) => s + r.failures, 0)),
    }));
    printTable("POST /transactions/build, the hosted API's hello-world Plutus lock and unlock (devnet)", rows);
    return rows;
  } finally {
    await service.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  runPlutusBench()
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(closeLoadGenerator);
}

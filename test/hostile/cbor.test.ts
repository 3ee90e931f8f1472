// Hostile CBOR against the server as a real process (issue #20, item 2): a datum nested 1,000 and
// 200,000 deep in a build, a witness set nested 64,000 deep on submit, and a victim whose address
// holds an output (already on chain) with a datum nested deeper than the limits: its UTxOs are
// listed, its payment is built from its other UTxOs, and naming the deep one as an input is
// refused. Each is answered within 2 s, health within 500 ms meanwhile, and the process is alive after.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { CBOR_LIMITS } from "../../src/cardano/cbor-limits.js";
import { MIN_SETTLE_WINDOW_MS } from "../../src/tournament/limits.js";
import { deepDatumPayment, nestedLists, newKey, spentInputs } from "../support/deep-datum.js";
import { ATTACK_BOUNDS, underAttack, type AttackOutcome } from "../support/hostile.js";
import { startServer, type ServerProcess } from "../support/process.js";
import { startService } from "../support/service.js";

const ADDRESS = "addr_test1vz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerspjrlsz";
/** Plutus data nested `depth` constructors deep (tag 121, a list of one field): 3 bytes a level. */
const nestedConstructors = (depth: number): string => "d87981".repeat(depth) + "00";
/**
 * The depth of the victim's datum: about that of a redeemer already on preview (501 nested lists,
 * transaction 8a1caea0…), and a level the devnet's ledger still takes in seconds (at 3,000 it
 * overflows its stack after three minutes; the real ledger has no depth limit).
 */
const DEEP = 500;
/** The victim's datum as the devnet's ledger keeps it: Scalus re-encodes lists with indefinite lengths (the real ledger keeps the bytes). */
const ON_CHAIN = [nestedLists(DEEP), "9f".repeat(DEEP) + "00" + "ff".repeat(DEEP)];

const post = (path: string, body: unknown) => (base: string) =>
  fetch(base + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
const get = (path: string) => (base: string) => fetch(base + path, { signal: AbortSignal.timeout(30_000) });

function withinBounds(outcome: AttackOutcome, what: string): void {
  const figures = `${what}: ${outcome.status} in ${outcome.elapsedMs} ms, health ${outcome.worstHealthMs} ms, ${outcome.peakRssMiB} MiB, alive ${outcome.alive}`;
  console.log(figures);
  assert.ok(outcome.elapsedMs < ATTACK_BOUNDS.answerMs, figures);
  assert.ok(outcome.worstHealthMs < ATTACK_BOUNDS.healthMs, figures);
  assert.ok(outcome.alive, figures);
}

const messageOf = (outcome: AttackOutcome): { code: string; message: string } =>
  JSON.parse(outcome.body) as { code: string; message: string };

/** Puts an output with `datumHex` (over the CBOR limits) at `victim` on the devnet of `dataDir`, handed to the devnet ledger directly. Returns the transaction id. */
async function payDeepDatum(dataDir: string, victim: string, datumHex: string): Promise<string> {
  const service = await startService({}, { dataDir });
  try {
    const attacker = newKey();
    assert.equal(
      (
        await service.request<"fundDevnetAddress">("POST", "/devnet/faucet", {
          address: attacker.address,
          lovelace: "100_000_000",
        })
      ).status,
      200,
    );
    return await service.app.chain.submit(await deepDatumPayment(service, attacker, victim, datumHex));
  } finally {
    await service.close();
  }
}

describe("hostile CBOR: deep datums, deep witness sets, a victim's deep output", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "hostile-cbor-"));
  const victim = newKey().address;
  let deepTx: string;
  let server: ServerProcess;
  let transaction: string;
  before(async () => {
    deepTx = await payDeepDatum(dataDir, victim, nestedLists(DEEP));
    server = await startServer(dataDir);
    assert.equal(
      (await post("/devnet/faucet", { address: ADDRESS, lovelace: "100_000_000" })(server.base)).status,
      200,
    );
    const built = await post("/transactions/build", {
      changeAddress: ADDRESS,
      outputs: [{ address: ADDRESS, lovelace: "2_000_000" }],
    })(server.base);
    transaction = ((await built.json()) as { complete: string }).complete;
  });
  after(async () => {
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const [label, datum] of [
    ["a datum of 1,000 nested constructors (6 KB)", nestedConstructors(1_000)],
    ["a datum of 200,000 nested lists (400 KB)", nestedLists(200_000)],
  ] as const) {
    it(`refuses ${label} in a build with a 400 naming the field and the limit`, async () => {
      const outcome = await underAttack(
        server,
        post("/transactions/build", {
          changeAddress: ADDRESS,
          outputs: [{ address: ADDRESS, datum: { type: "inline", value: datum } }],
        }),
      );
      withinBounds(outcome, label);
      assert.equal(outcome.status, 400, outcome.body);
      assert.deepEqual(messageOf(outcome), {
        ...messageOf(outcome),
        code: "SVC_ERR_CBOR_LIMIT",
        message: `body.outputs[0].datum.value nests deeper than ${CBOR_LIMITS.depth} levels, the limit on CBOR nesting depth.`,
      });
    });
  }

  it("refuses a witness set nested 64,000 deep on submit with a 400 naming the field and the limit", async () => {
    const outcome = await underAttack(
      server,
      post("/transactions/submit", { transaction, signatures: ["a100" + nestedLists(64_000)] }),
    );
    withinBounds(outcome, "a witness set of 64,000 nested lists");
    assert.equal(outcome.status, 400, outcome.body);
    assert.equal(messageOf(outcome).code, "SVC_ERR_CBOR_LIMIT");
    assert.equal(
      messageOf(outcome).message,
      `body.signatures[0] nests deeper than ${CBOR_LIMITS.depth} levels, the limit on CBOR nesting depth.`,
    );
  });

  it("refuses a transaction nested 64,000 deep on submit", async () => {
    const outcome = await underAttack(
      server,
      post("/transactions/submit", { transaction: "84a100" + nestedLists(64_000) + "a0f5f6", signatures: [] }),
    );
    withinBounds(outcome, "a transaction of 64,000 nested lists");
    assert.equal(outcome.status, 400, outcome.body);
    assert.equal(
      messageOf(outcome).message,
      `body.transaction nests deeper than ${CBOR_LIMITS.depth} levels, the limit on CBOR nesting depth.`,
    );
  });

  it("shows the victim's UTxOs, with the deep datum left raw and a note, at normal speed", async () => {
    const cbor = await underAttack(server, get(`/addresses/${victim}/utxos`));
    withinBounds(cbor, "the victim's UTxOs");
    assert.equal(cbor.status, 200, cbor.body);
    const utxos = (JSON.parse(cbor.body) as { utxos: string[] }).utxos;
    assert.equal(utxos.length, 1);
    assert.ok(
      ON_CHAIN.some((datum) => utxos[0]!.includes(datum)),
      `the UTxO string carries the datum byte for byte: ${utxos[0]!.slice(0, 300)}`,
    );

    const decoded = await underAttack(server, get(`/addresses/${victim}/utxos?view=decoded`));
    withinBounds(decoded, "the victim's UTxOs, decoded");
    assert.equal(decoded.status, 200, decoded.body);
    const [utxo] = (
      JSON.parse(decoded.body) as {
        utxos: Array<{ txHash: string; datum: { inline: unknown; raw?: string; note?: string } }>;
      }
    ).utxos;
    assert.equal(utxo?.txHash, deepTx);
    assert.equal(utxo.datum.inline, null);
    assert.ok(ON_CHAIN.includes(utxo.datum.raw ?? ""), utxo.datum.raw?.slice(0, 100));
    assert.match(utxo.datum.note ?? "", /nests deeper than 128 levels or holds more than 16384 items.*shown raw/);
  });

  it("builds the victim's payment from its other UTxOs at normal speed, leaving the deep output unspent", async () => {
    assert.equal((await post("/devnet/faucet", { address: victim, lovelace: "20_000_000" })(server.base)).status, 200);
    const outcome = await underAttack(
      server,
      post("/transactions/build", { changeAddress: victim, outputs: [{ address: ADDRESS, lovelace: "2_000_000" }] }),
    );
    withinBounds(outcome, "the victim's payment");
    assert.equal(outcome.status, 200, outcome.body);
    const inputs = spentInputs((JSON.parse(outcome.body) as { complete: string }).complete);
    assert.equal(inputs.length, 1, inputs.join(", "));
    assert.ok(!inputs[0]!.startsWith(deepTx), inputs[0]);
  });

  it("builds the victim's tournament creation from its other UTxOs at normal speed, given every UTxO of its wallet", async () => {
    assert.equal((await post("/devnet/faucet", { address: victim, lovelace: "100_000_000" })(server.base)).status, 200);
    const listed = (await (await get(`/addresses/${victim}/utxos`)(server.base)).json()) as { utxos: string[] };
    // The wallet's every UTxO, the deep one last (the first is the tournament's seed, spent).
    const utxos = [
      ...listed.utxos.filter((u) => !ON_CHAIN.some((d) => u.includes(d))),
      ...listed.utxos.filter((u) => ON_CHAIN.some((d) => u.includes(d))),
    ];
    assert.equal(utxos.length, 3);
    const tip = ((await (await get("/health")(server.base)).json()) as { tip: { time: number } }).tip;
    const create = (given: string[]) =>
      post("/tournaments", {
        name: "deep",
        adminAddress: victim,
        bracketSize: 2,
        entryFee: 10_000_000,
        payoutStructure: [15_000_000],
        settleBy: tip.time + MIN_SETTLE_WINDOW_MS + 5 * 60_000,
        utxos: given,
      });
    // First without the deep UTxO, the same seed: the tournament's scripts are compiled then (about 2 s, once), not in the measured build.
    const warm = await create(utxos.slice(0, -1))(server.base);
    assert.equal(warm.status, 200, await warm.text());
    const outcome = await underAttack(server, create(utxos));
    withinBounds(outcome, "the victim's tournament creation");
    assert.equal(outcome.status, 200, outcome.body);
    const inputs = spentInputs((JSON.parse(outcome.body) as { complete: string }).complete);
    assert.ok(inputs.length > 0 && inputs.every((i) => !i.startsWith(deepTx)), inputs.join(", "));
  });

  it("refuses the deep output named as a required input with a 400 naming the UTxO and the limit", async () => {
    const listed = (await (await get(`/addresses/${victim}/utxos`)(server.base)).json()) as { utxos: string[] };
    const deep = listed.utxos.find((u) => ON_CHAIN.some((datum) => u.includes(datum)));
    assert.ok(deep);
    const outcome = await underAttack(
      server,
      post("/transactions/build", {
        changeAddress: victim,
        requiredInputs: [deep],
        outputs: [{ address: ADDRESS, lovelace: "2_000_000" }],
      }),
    );
    withinBounds(outcome, "the victim's payment spending the deep output");
    assert.equal(outcome.status, 400, outcome.body);
    assert.deepEqual(messageOf(outcome), {
      ...messageOf(outcome),
      code: "SVC_ERR_CBOR_LIMIT",
      message:
        `body.requiredInputs[0] (${deepTx}#0): its inline datum nests deeper than ${CBOR_LIMITS.depth} levels, the limit on CBOR nesting depth. ` +
        "This service does not decode it, so it cannot spend or read this UTxO; build without it (coin selection leaves it out).",
    });
  });

  it("shows the transaction that paid the deep datum, decoded, at normal speed", async () => {
    const outcome = await underAttack(server, get(`/transactions/${deepTx}?view=decoded`));
    withinBounds(outcome, "the deep datum's transaction, decoded");
    assert.equal(outcome.status, 200, outcome.body);
    const view = JSON.parse(outcome.body) as {
      outputs?: Array<{ address: string; datum: { raw?: string; note?: string } | null }>;
    };
    const paid = view.outputs?.find((o) => o.address === victim);
    assert.ok(ON_CHAIN.includes(paid?.datum?.raw ?? ""), JSON.stringify(paid).slice(0, 300));
    assert.match(paid?.datum?.note ?? "", /shown raw/);
  });
});

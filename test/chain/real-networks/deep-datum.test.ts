// A victim's address on a real network holds an output whose inline datum is over the CBOR limits
// (anyone can pay one there: the ledger has no depth limit), read through the Blockfrost adapter
// and through the Ogmios + Kupo adapter, each pointed at its loopback fake answering from a live
// ledger. The UTxO is listed with its datum raw; the victim's payment is built from its other
// UTxOs, leaving the deep one unspent; naming it as an input is a 400 naming the UTxO and the limit.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { CBOR_LIMITS } from "../../../src/cardano/cbor-limits.js";
import { deepDatumPayment, nestedLists, newKey, spentInputs } from "../../support/deep-datum.js";
import { FakeBlockfrost } from "../../support/fakes/blockfrost.js";
import { FakeOgmiosKupo } from "../../support/fakes/ogmios-kupo.js";
import { LiveLedger } from "../../support/fakes/live-ledger.js";
import { startService, type RunningService } from "../../support/service.js";

const ADDRESS = "addr_test1vz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerspjrlsz";
/** Deeper than the limits by a margin; no deeper, as the live ledger (the devnet's Scalus) took seconds for a depth of 500. */
const DEEP = CBOR_LIMITS.depth + 32;
/** The datum as the live ledger keeps it: Scalus re-encodes lists with indefinite lengths. */
const ON_CHAIN = [nestedLists(DEEP), "9f".repeat(DEEP) + "00" + "ff".repeat(DEEP)];

const backends = [
  {
    name: "Blockfrost",
    start: async (ledger: LiveLedger) => {
      const fake = await FakeBlockfrost.start({ ledger });
      return {
        env: { BLOCKFROST_PROJECT_ID: "preprodDeepDatum0123456789abcdefABCD", BLOCKFROST_URL: fake.apiUrl },
        faults: () => fake.faults,
        close: () => fake.close(),
      };
    },
  },
  {
    name: "Ogmios + Kupo",
    start: async (ledger: LiveLedger) => {
      const fake = await FakeOgmiosKupo.start({ ledger, network: "preprod" });
      return {
        env: { OGMIOS_URL: fake.ogmiosUrl, KUPO_URL: fake.kupoUrl },
        faults: () => [...fake.ogmios.faults, ...fake.kupo.faults],
        close: () => fake.close(),
      };
    },
  },
];

for (const backend of backends) {
  describe(`a victim's output with a datum over the CBOR limits, through ${backend.name} (loopback fake, live ledger)`, () => {
    let ledger: LiveLedger;
    let fake: Awaited<ReturnType<typeof backend.start>>;
    let service: RunningService;
    const victim = newKey();
    let deepTx: string;

    before(async () => {
      ledger = await LiveLedger.create();
      fake = await backend.start(ledger);
      service = await startService({ NETWORK: "preprod", AUTH: "optional", ...fake.env });
      const attacker = newKey();
      await ledger.fund(attacker.address, 100_000_000n);
      deepTx = await ledger.submit(await deepDatumPayment(service, attacker, victim.address, nestedLists(DEEP)));
      await ledger.fund(victim.address, 20_000_000n);
    });
    after(async () => {
      await service.close();
      await fake.close();
      await ledger.close();
      assert.deepEqual(fake.faults(), [], "the fakes answered every request");
    });

    it("lists the deep output with its datum raw", async () => {
      const decoded = await service.request<"getAddressUtxos">(
        "GET",
        `/addresses/${victim.address}/utxos?view=decoded`,
      );
      assert.equal(decoded.status, 200, JSON.stringify(decoded.body).slice(0, 300));
      const deep = (
        decoded.body.utxos as Array<{ txHash: string; datum: { inline: unknown; raw?: string; note?: string } | null }>
      ).find((u) => u.txHash === deepTx);
      assert.equal(deep?.datum?.inline, null);
      assert.ok(ON_CHAIN.includes(deep.datum.raw ?? ""), deep.datum.raw?.slice(0, 100));
      assert.match(deep.datum.note ?? "", /shown raw/);
    });

    it("builds the victim's payment from its other UTxO, leaving the deep output unspent", async () => {
      const built = await service.request<"buildTransaction">("POST", "/transactions/build", {
        changeAddress: victim.address,
        outputs: [{ address: ADDRESS, lovelace: "2_000_000" }],
      });
      assert.equal(built.status, 200, JSON.stringify(built.body));
      const inputs = spentInputs(built.body.complete as string);
      assert.equal(inputs.length, 1, inputs.join(", "));
      assert.ok(!inputs[0]!.startsWith(deepTx), inputs[0]);
    });

    it("refuses the deep output named as a required input, or as a reference input, with a 400 naming the UTxO and the limit", async () => {
      const listed = await service.request<"getAddressUtxos">("GET", `/addresses/${victim.address}/utxos`);
      const deep = (listed.body.utxos as string[]).find((u) => ON_CHAIN.some((datum) => u.includes(datum)));
      assert.ok(deep, "the deep UTxO is listed as a UTxO string");
      const limit = `its inline datum nests deeper than ${CBOR_LIMITS.depth} levels, the limit on CBOR nesting depth. This service does not decode it, so it cannot spend or read this UTxO; build without it (coin selection leaves it out).`;
      const required = await service.request<"buildTransaction">("POST", "/transactions/build", {
        changeAddress: victim.address,
        requiredInputs: [deep],
        outputs: [{ address: ADDRESS, lovelace: "2_000_000" }],
      });
      assert.equal(required.status, 400, JSON.stringify(required.body));
      assert.equal(required.body.code, "SVC_ERR_CBOR_LIMIT");
      assert.equal(required.body.message, `body.requiredInputs[0] (${deepTx}#0): ${limit}`);
      const reference = await service.request<"buildTransaction">("POST", "/transactions/build", {
        changeAddress: victim.address,
        referenceInputs: [`${deepTx}#0`],
        outputs: [{ address: ADDRESS, lovelace: "2_000_000" }],
      });
      assert.equal(reference.status, 400, JSON.stringify(reference.body));
      assert.equal(reference.body.code, "SVC_ERR_CBOR_LIMIT");
      assert.equal(reference.body.message, `body.referenceInputs[0] (${deepTx}#0): ${limit}`);
    });
  });
}

// The tournament outputs' min-UTxO is the builder's (cardano/tx-encode.ts minLovelace, the one
// balancing prices outputs with), no longer Mesh's getOutputMinLovelace. The two agree on every
// tournament output but one way: Mesh prices an output at the coin it is given, so an output given
// 2^32 lovelace or more (a 9-byte coin) is priced 4 bytes dearer than its minimum; the builder
// prices the smallest coin the output can hold. Wherever the service raises a coin to the minimum
// (max(coin, minimum)) that changes nothing; where it adds the minimum on top of a deposit
// (create), a deposit of about 4,293 ADA or more now adds 17,240 lovelace less, and the ledger
// takes the output.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Asset, Output } from "../../src/cardano/types.js";
import { readAddress } from "../../src/cardano/address-rules.js";
import { getOutputMinLovelace } from "@meshsdk/core";
import fc from "fast-check";
import { shelleyAddress } from "../../src/cardano/credential-address.js";
import { minLovelace } from "../../src/cardano/tx-encode.js";
import { fromAssets } from "../../src/cardano/value.js";
import { contractOf } from "../../src/tournament/deployment.js";
import { V2_1_CONTRACT } from "../../src/tournament/contracts.js";
import { encodePayoutTag, encodeRegistrationDatum, encodeTournamentDatum } from "../../src/tournament/datum.js";
import { startService, type RunningService } from "../support/service.js";
import { ADA, ok, signAndSubmit } from "../support/tournament-api.js";
import { outputsFrom, lovelaceOf } from "../support/utxos.js";
import { fundedWallet, type Funded } from "../support/wallets.js";

const COINS_PER_BYTE = 4310;
const hex = (n: number, bytes: number) => n.toString(16).padStart(2, "0").repeat(bytes);
const keyAddress = (b: number, staked: boolean) =>
  shelleyAddress(
    { hash: hex(b, 28), isScript: false },
    staked ? { hash: hex(255 - b, 28), isScript: false } : undefined,
    0,
  );
const inline = (content: string): Output["datum"] => ({ type: "Inline", data: { type: "CBOR", content } });
/** An output in Mesh's shape (an amount list), which getOutputMinLovelace prices. */
type MeshOutput = { address: string; amount: Asset[]; datum: Output["datum"] };
/** The same output as the builder writes it. */
const ours = (o: MeshOutput): Output => ({
  address: readAddress(o.address, "address"),
  value: fromAssets(o.amount),
  datum: o.datum,
});

/** The outputs the tournament endpoints price: prizes and returns, registrations, the tournament output. */
const tournamentOutput = fc
  .record({
    kind: fc.constantFrom("prize", "registration", "tournament"),
    key: fc.integer({ min: 0, max: 255 }),
    staked: fc.boolean(),
    index: fc.nat(70),
    participants: fc.nat(16),
    name: fc.string({ minLength: 1, maxLength: 60 }),
    lovelace: fc.oneof(
      fc.bigInt(0n, 5_000_000n),
      fc.bigInt(5_000_000n, 2n ** 32n - 1n),
      fc.bigInt(2n ** 32n, 45_000_000_000_000_000n),
    ),
  })
  .map(({ kind, key, staked, index, participants, name, lovelace }): MeshOutput => {
    const address = keyAddress(key, staked);
    const coin = { unit: "lovelace", quantity: lovelace.toString() };
    const contract = contractOf(V2_1_CONTRACT, "devnet");
    if (kind === "prize") return { address, amount: [coin], datum: inline(encodePayoutTag("ab".repeat(32), index)) };
    if (kind === "registration")
      return { address: contract.address.bech32, amount: [coin], datum: inline(encodeRegistrationDatum(address)) };
    const datum = encodeTournamentDatum({
      config: {
        name,
        adminAddress: address,
        bracketSize: 16,
        entryFee: 2_000_000n,
        payoutStructure: [5_000_000n, 3_000_000n],
        fixedPayouts: [{ address: keyAddress(255 - key, true), amount: 2_000_000n }],
        registrationHash: "cd".repeat(28),
        settleBy: 1_800_000_000_000,
      },
      participants: Array.from({ length: participants }, (_, i) => keyAddress(i, i % 2 === 0)),
    });
    return {
      address: contract.address.bech32,
      amount: [coin, { unit: contract.policyId + "ef".repeat(32), quantity: "1" }],
      datum: inline(datum),
    };
  });

const coinOf = (o: MeshOutput): bigint => BigInt(o.amount.find((a) => a.unit === "lovelace")?.quantity ?? "0");

describe("tournament min-UTxO: the builder's", () => {
  it("equals Mesh's for every tournament output below 2^32 lovelace, 4 bytes less above; max(coin, minimum) never differs", () => {
    fc.assert(
      fc.property(tournamentOutput, (output) => {
        const coin = coinOf(output);
        const builder = minLovelace(ours(output), COINS_PER_BYTE);
        const mesh = BigInt(getOutputMinLovelace(output, COINS_PER_BYTE));
        assert.equal(mesh - builder, coin >= 2n ** 32n ? 4n * BigInt(COINS_PER_BYTE) : 0n);
        assert.equal(coin > builder ? coin : builder, coin > mesh ? coin : mesh);
      }),
      { numRuns: 300 },
    );
  });

  describe("on the devnet", () => {
    let s: RunningService;
    let admin: Funded;
    before(async () => {
      s = await startService();
      admin = await fundedWallet(s, 5_100 * ADA);
    });
    after(async () => {
      await s?.close();
    });

    it("creates a tournament of a 5,000 ADA deposit holding the deposit plus its output's minimum, which the ledger takes", async () => {
      const deposit = 5_000n * BigInt(ADA);
      const built = ok(
        await s.request("POST", "/tournaments", {
          name: "Big deposit",
          contractVersion: "2.1.0",
          adminAddress: admin.address,
          bracketSize: 2,
          entryFee: "0",
          payoutStructure: [deposit.toString()],
          utxos: await admin.utxos(),
        }),
      );
      assert.equal(built.deposit, deposit.toString());
      await signAndSubmit(s, built, [admin]);
      const contract = contractOf(V2_1_CONTRACT, "devnet");
      const [out] = await outputsFrom(s, contract.address.bech32, built.hash);
      assert.ok(out?.output.plutusData !== undefined, "the tournament output, with its inline datum");
      const priced: MeshOutput = {
        address: contract.address.bech32,
        amount: out.output.amount.map((a) => (a.unit === "lovelace" ? { ...a, quantity: deposit.toString() } : a)),
        datum: inline(out.output.plutusData),
      };
      const min = minLovelace(ours(priced), COINS_PER_BYTE);
      assert.equal(lovelaceOf(out), deposit + min);
      // Mesh priced the minimum at the output's 9-byte coin: 4 × 4,310 lovelace more.
      const meshMin = BigInt(getOutputMinLovelace({ ...priced, amount: out.output.amount }, COINS_PER_BYTE));
      assert.equal(meshMin - min, 17_240n);
    });
  });
});

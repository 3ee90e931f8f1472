// The typed client (client/) against the service on the devnet: typed calls, ApiError from the
// service's error bodies, and signAndSubmit with each kind of signer.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { bech32 } from "@scure/base";
import { ApiError, cliKeyHex, createClient, keyWallet, signAndSubmit, type Client } from "../../client/src/index.js";
import { startService, type RunningService } from "../support/service.js";
import { newEnterpriseWallet } from "../support/wallets.js";

let service: RunningService;
let client: Client;
before(async () => {
  service = await startService({ LOG_LEVEL: "error" });
  client = createClient({ baseUrl: service.url });
});
after(async () => {
  await service.close();
});

const ADA = 1_000_000;

/** Funds `address` from the faucet and waits for the payment. */
async function funded(address: string, lovelace = 20 * ADA): Promise<string> {
  const { txHash } = await client.fundDevnetAddress({ body: { address, lovelace } });
  const status = await client.waitForTransaction({ path: { txHash }, query: { confirmations: 1, timeout: 10 } });
  assert.equal(status.status, "confirmed");
  return txHash;
}

/** Pays 2 ADA from `from` back to itself: a build answer to sign. */
const selfPayment = (from: string) =>
  client.buildTransaction({ body: { changeAddress: from, outputs: [{ address: from, lovelace: 2 * ADA }] } });

describe("typed calls", () => {
  test("health, faucet, wait, UTxOs and status: one method per operationId, typed answers", async () => {
    const health = await client.getHealth();
    assert.equal(health.network, "devnet");
    const wallet = await keyWallet(randomBytes(32).toString("hex"));
    const txHash = await funded(wallet.address);
    const { utxos } = await client.getAddressUtxos({ path: { address: wallet.address } });
    assert.equal(utxos.length, 1);
    const status = await client.getTransactionStatus({ path: { txHash } });
    assert.equal(status.status, "confirmed");
    // The same call by name, and a base URL given with the base path.
    const again = createClient({ baseUrl: `${service.base}/` });
    assert.equal((await again.call("getTransactionStatus", { path: { txHash } })).txHash, txHash);
  });

  test("query parameters: registrations of an unknown tournament is a 404 ApiError", async () => {
    const error = await client
      .listTournamentRegistrations({ path: { tournamentId: "00".repeat(32) }, query: { valid: true } })
      .catch((e: unknown) => e);
    assert.ok(error instanceof ApiError, String(error));
    assert.equal(error.status, 404);
    assert.equal(error.code, "SVC_ERR_NOT_FOUND");
    assert.equal(error.operationId, "listTournamentRegistrations");
  });
});

describe("devnet controls through the client", () => {
  test("getDevnet, snapshots saved, listed, restored and deleted by name; a name in use is a 409 ApiError", async () => {
    const devnet = await client.getDevnet();
    assert.equal(devnet.slotLengthMs, 1000);
    assert.equal(devnet.slotsPerBlock, 1);
    const saved = await client.saveDevnetSnapshot({ body: { name: "client" } });
    assert.equal(saved.name, "client");
    const error = await client.saveDevnetSnapshot({ body: { name: "client" } }).catch((e: unknown) => e);
    assert.ok(error instanceof ApiError, String(error));
    assert.equal(error.status, 409);
    assert.equal(error.code, "DEVNET_ERR_SNAPSHOT_EXISTS");
    assert.deepEqual(
      (await client.listDevnetSnapshots()).snapshots.map((x) => x.name),
      ["client"],
    );
    const restored = await client.restoreDevnetSnapshot({ path: { name: "client" } });
    assert.deepEqual(restored.snapshot, saved);
    assert.equal(restored.devnet.utxoCount, devnet.utxoCount);
    assert.deepEqual(await client.deleteDevnetSnapshot({ path: { name: "client" } }), saved);
  });
});

describe("ApiError", () => {
  test("a 400 carries status, code, message, requestId (the body's, also the header's) and no detail", async () => {
    const error = await client
      .buildTransaction(
        { body: { changeAddress: "addr_test1…", outputs: [] } },
        { headers: { "x-request-id": "client-test-1" } },
      )
      .catch((e: unknown) => e);
    assert.ok(error instanceof ApiError, String(error));
    assert.equal(error.status, 400);
    assert.match(error.code ?? "", /^SVC_ERR_/);
    assert.match(error.message, /^buildTransaction: .*changeAddress/);
    assert.equal(error.requestId, "client-test-1");
    assert.equal(error.detail, undefined);
    assert.equal(error.attempts, 1, "a 400 is not retried");
  });

  test("a ledger refusal (a missing signature) is a 422 CHAIN_ERR_LEDGER_REJECTED with the ledger's words in detail", async () => {
    const wallet = await keyWallet(randomBytes(32).toString("hex"));
    await funded(wallet.address);
    const built = await selfPayment(wallet.address);
    const error = await client
      .submitTransaction({ body: { transaction: built.complete, signatures: [] } })
      .catch((e: unknown) => e);
    assert.ok(error instanceof ApiError, String(error));
    assert.equal(error.status, 422);
    assert.equal(error.code, "CHAIN_ERR_LEDGER_REJECTED");
    assert.ok(error.detail, "the ledger's own text");
    assert.match(error.requestId ?? "", /^[0-9a-f-]{36}$/);
  });

  test("an API key the service does not know is a 401 AUTH_ERR_UNAUTHORIZED", async () => {
    const keyed = createClient({ baseUrl: service.url, apiKey: "testnet_notakey" });
    const error = await keyed.slotToTime({ body: { slot: 1 } }).catch((e: unknown) => e);
    assert.ok(error instanceof ApiError, String(error));
    assert.equal(error.status, 401);
    assert.equal(error.code, "AUTH_ERR_UNAUTHORIZED");
  });
});

describe("signAndSubmit", () => {
  const keyForms = (seed: Buffer) => ({
    hex: seed.toString("hex"),
    bech32: bech32.encode("ed25519_sk", bech32.toWords(seed), 1023),
    cborHex: `5820${seed.toString("hex")}`,
    keyFile: {
      type: "PaymentSigningKeyShelley_ed25519",
      description: "Payment Signing Key",
      cborHex: `5820${seed.toString("hex")}`,
    },
  });

  test("the key forms are one key", () => {
    const seed = randomBytes(32);
    const forms = keyForms(seed);
    for (const form of Object.values(forms)) assert.equal(cliKeyHex(form), `5820${seed.toString("hex")}`);
    assert.throws(() => cliKeyHex("ed25519e_sk1qqqq"), TypeError);
    assert.throws(() => cliKeyHex("abc"), /64 hex digits/);
  });

  for (const form of ["hex", "bech32", "cborHex", "keyFile"] as const) {
    test(`a private key (${form}) signs and submits; wait confirms`, async () => {
      const seed = randomBytes(32);
      const wallet = await keyWallet(seed.toString("hex"));
      await funded(wallet.address);
      const built = await selfPayment(wallet.address);
      const submitted = await signAndSubmit(client, built, keyForms(seed)[form], {
        wait: { confirmations: 1, timeout: 10 },
      });
      assert.equal(submitted.txHash, built.hash);
      assert.equal(submitted.status?.status, "confirmed");
    });
  }

  test("a CIP-30 wallet (signTx(tx, true) → witness set) signs and submits, through /tournaments/submit-tx too", async () => {
    const mesh = await newEnterpriseWallet();
    const cip30 = {
      signTx: (tx: string, partialSign: boolean) => (assert.equal(partialSign, true), mesh.witnessSet(tx)),
    };
    await funded(mesh.address);
    const first = await selfPayment(mesh.address);
    assert.equal((await signAndSubmit(client, first, cip30, { wait: {} })).txHash, first.hash);
    const second = await selfPayment(mesh.address);
    assert.equal((await signAndSubmit(client, second, [cip30], { via: "tournaments" })).txHash, second.hash);
  });

  test("a refused transaction (signed by the wrong key) is the submit's ApiError", async () => {
    const wallet = await keyWallet(randomBytes(32).toString("hex"));
    await funded(wallet.address);
    const built = await selfPayment(wallet.address);
    const error = await signAndSubmit(client, built, randomBytes(32).toString("hex")).catch((e: unknown) => e);
    assert.ok(error instanceof ApiError, String(error));
    assert.equal(error.code, "CHAIN_ERR_LEDGER_REJECTED");
  });
});

/** Compile-time checks (never run): what the generated types accept and refuse. */
export function typeChecks(c: Client): void {
  void c.getHealth();
  void c.getTournament({ path: { tournamentId: "x" } });
  // @ts-expect-error the path parameter is required
  void c.getTournament();
  // @ts-expect-error changeAddress is a string
  void c.buildTransaction({ body: { changeAddress: 1 } });
  // @ts-expect-error a misspelt path parameter
  void c.getTournament({ path: { tournament: "x" } });
  // @ts-expect-error no such operation
  void c.call("getNothing");
  void c.listTournaments({ query: { limit: 10 } });
}

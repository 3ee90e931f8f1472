// The devnet's controls through HTTP, on real SQLite files in a temporary DATA_DIR: GET /devnet
// (clock, block cadence, tip, faucet, ledger size), the faucet's maximum, POST /devnet/reset (a new
// genesis, refused without its confirmation, serialised with submits), and named snapshots (save,
// list, restore, delete; names, conflicts, the maximum count), a restore surviving a restart.
import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { loadConfig } from "../../../src/config.js";
import { startService, type RunningService } from "../../support/service.js";
import type { Answer } from "../../support/api.js";
import { build, signAndSubmit } from "../../support/transactions-api.js";
import { lovelaceOf, utxosAt } from "../../support/utxos.js";
import { newEnterpriseWallet } from "../../support/wallets.js";

const refs = (utxos: ReadonlyArray<{ input: { txHash: string; outputIndex: number } }>) =>
  utxos.map((u) => `${u.input.txHash}#${u.input.outputIndex}`).sort();

async function fund(service: RunningService, address: string, lovelace: number): Promise<string> {
  const response = await service.request<"fundDevnetAddress">("POST", "/devnet/faucet", { address, lovelace });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.txHash as string;
}

async function devnetOf(service: RunningService) {
  const response = await service.request<"getDevnet">("GET", "/devnet");
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body;
}

describe("GET /devnet", () => {
  let service: RunningService;
  before(async () => {
    service = await startService();
  });
  after(() => service.close());

  it("tells the slot length, one block per slot, the system start, the tip, the faucet and its maximum, the UTxO count", async () => {
    const devnet = await devnetOf(service);
    assert.deepEqual(Object.keys(devnet).sort(), [
      "faucet",
      "slotLengthMs",
      "slotsPerBlock",
      "systemStart",
      "tip",
      "utxoCount",
    ]);
    assert.equal(devnet.slotLengthMs, 1000);
    assert.equal(devnet.slotsPerBlock, 1);
    assert.equal(devnet.tip.time, devnet.systemStart + devnet.tip.slot * 1000);
    assert.ok(devnet.tip.slot >= 1);
    assert.deepEqual(
      { ...devnet.faucet, address: undefined },
      { address: undefined, maxLovelace: "1000000000000", defaultLovelace: "10000000000" },
    );
    assert.match(devnet.faucet.address, /^addr_test1v/);
    assert.equal((await utxosAt(service, devnet.faucet.address)).length, 1, "the faucet's change");
    // A faucet payment spends the faucet's UTxO and makes two: the payment and the change.
    await fund(service, (await newEnterpriseWallet()).address, 2_000_000);
    assert.equal((await devnetOf(service)).utxoCount, devnet.utxoCount + 1);
  });

  it("is a 404 on a real network, as every control is", async () => {
    const preview = await startService({ NETWORK: "preview", AUTH: "optional" });
    try {
      for (const [method, path, body] of [
        ["GET", "/devnet", undefined],
        ["POST", "/devnet/reset", { confirm: "reset" }],
        ["POST", "/devnet/snapshots", { name: "a" }],
        ["GET", "/devnet/snapshots", undefined],
        ["POST", "/devnet/snapshots/a/restore", undefined],
        ["DELETE", "/devnet/snapshots/a", undefined],
      ] as const) {
        const response = await preview.request<"error">(method, path, body);
        assert.equal(response.status, 404, `${method} ${path}`);
        const named = path.replace(/\/a(\/|$)/, "/{name}$1");
        assert.equal(
          response.body.message,
          `${method} /v2/services${named} exists only on the devnet; this instance serves preview.`,
        );
      }
    } finally {
      await preview.close();
    }
  });
});

describe("the faucet's maximum", () => {
  it("refuses more than DEVNET_FAUCET_MAX_LOVELACE with a 400 naming the field and the maximum; sends it when no amount is named below 10,000 ADA", async () => {
    const service = await startService({ DEVNET_FAUCET_MAX_LOVELACE: "50000000" });
    try {
      const alice = await newEnterpriseWallet();
      const above = await service.request<"fundDevnetAddress">("POST", "/devnet/faucet", {
        address: alice.address,
        lovelace: "50_000_001",
      });
      assert.equal(above.status, 400, JSON.stringify(above.body));
      assert.equal(above.body.code, "SVC_ERR_BAD_REQUEST");
      assert.equal(
        above.body.message,
        "body.lovelace is 50000001 lovelace, above the faucet's maximum of 50000000 lovelace (50 ADA) a request (DEVNET_FAUCET_MAX_LOVELACE): ask for 50000000 or less, and call the faucet again for more.",
      );
      assert.deepEqual(await utxosAt(service, alice.address), [], "nothing was sent");
      await fund(service, alice.address, 50_000_000);
      const byDefault = await service.request<"fundDevnetAddress">("POST", "/devnet/faucet", {
        address: alice.address,
      });
      assert.equal(byDefault.status, 200, JSON.stringify(byDefault.body));
      assert.deepEqual((await utxosAt(service, alice.address)).map(lovelaceOf), [50_000_000n, 50_000_000n]);
      assert.deepEqual((await devnetOf(service)).faucet.maxLovelace, "50000000");
      assert.deepEqual((await devnetOf(service)).faucet.defaultLovelace, "50000000");
    } finally {
      await service.close();
    }
  });

  it("refuses 1,000,001 ADA by default", async () => {
    const service = await startService();
    try {
      const response = await service.request<"fundDevnetAddress">("POST", "/devnet/faucet", {
        address: (await newEnterpriseWallet()).address,
        lovelace: "1_000_000_000_001",
      });
      assert.equal(response.status, 400);
      assert.match(
        response.body.message,
        /^body\.lovelace is 1000000000001 lovelace, above the faucet's maximum of 1000000000000 lovelace \(1,000,000 ADA\)/,
      );
    } finally {
      await service.close();
    }
  });

  it("stops the start on a wrong DEVNET_FAUCET_MAX_LOVELACE or DEVNET_SNAPSHOT_LIMIT, naming it", () => {
    for (const value of ["abc", "999999", "45000000000000001", "-5"]) {
      assert.throws(() => loadConfig({ DEVNET_FAUCET_MAX_LOVELACE: value }), {
        message: `Invalid environment variable DEVNET_FAUCET_MAX_LOVELACE: "${value}" must be a whole number of lovelace from 1000000 (1 ADA) to 45000000000000000 (the devnet's whole supply).`,
      });
    }
    assert.throws(() => loadConfig({ DEVNET_SNAPSHOT_LIMIT: "0" }), {
      message: 'Invalid environment variable DEVNET_SNAPSHOT_LIMIT: "0" must be a whole number from 1 to 1000.',
    });
    assert.equal(
      loadConfig({ DEVNET_FAUCET_MAX_LOVELACE: "45000000000000000" }).devnet.faucetMaxLovelace,
      45_000_000_000_000_000n,
    );
  });
});

describe("POST /devnet/reset", () => {
  let service: RunningService;
  before(async () => {
    service = await startService();
  });
  after(() => service.close());

  it("refuses without its confirmation, naming the field and what to send, and changes nothing", async () => {
    const alice = await newEnterpriseWallet();
    await fund(service, alice.address, 3_000_000);
    const CONFIRMS =
      'Confirms the reset, which deletes every UTxO, transaction and registration of the devnet (its snapshots stay): send {"confirm": "reset"}.';
    const missing = await service.request<"resetDevnet">("POST", "/devnet/reset", {});
    assert.equal(missing.status, 400);
    assert.equal(missing.body.message, `body.confirm is required: send "reset". ${CONFIRMS}`);
    const wrong = await service.request<"resetDevnet">("POST", "/devnet/reset", { confirm: "yes" });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.code, "SVC_ERR_VALIDATION");
    assert.equal(wrong.body.message, `body.confirm must be "reset". ${CONFIRMS}`);
    const none = await service.request<"resetDevnet">("POST", "/devnet/reset");
    assert.equal(none.status, 400);
    assert.deepEqual((await utxosAt(service, alice.address)).map(lovelaceOf), [3_000_000n]);
  });

  it("starts a new genesis: old UTxOs and transactions gone, a new faucet funded, the system start kept, the clock back on wall time", async () => {
    const alice = await newEnterpriseWallet();
    const funding = await fund(service, alice.address, 4_000_000);
    const before = await devnetOf(service);
    const advanced = await service.request<"advanceDevnetClock">("POST", "/devnet/advance", { seconds: 3600 });
    assert.equal(advanced.status, 200);

    const reset = await service.request<"resetDevnet">("POST", "/devnet/reset", { confirm: "reset" });
    assert.equal(reset.status, 200, JSON.stringify(reset.body));
    assert.equal(reset.body.systemStart, before.systemStart);
    assert.notEqual(reset.body.faucet.address, before.faucet.address, "a new faucet key");
    assert.equal(reset.body.utxoCount, 1, "the faucet's genesis UTxO alone");
    assert.ok(reset.body.tip.slot < advanced.body.slot!, "what advance added is dropped");
    assert.ok(reset.body.tip.slot >= before.tip.slot);
    assert.deepEqual(await devnetOf(service).then((d) => ({ ...d, tip: undefined })), {
      ...reset.body,
      tip: undefined,
    });

    assert.deepEqual(await utxosAt(service, alice.address), []);
    assert.deepEqual(await utxosAt(service, before.faucet.address), []);
    const [genesis] = await utxosAt(service, reset.body.faucet.address);
    assert.equal(lovelaceOf(genesis!), 45_000_000_000_000_000n);
    const status = await service.request<"getTransactionStatus">("GET", `/transactions/${funding}`);
    assert.equal(status.body.status, "unknown", "neither on the new chain nor remembered as pending");

    // The new faucet pays, and a payment from its funds is accepted.
    const bob = await newEnterpriseWallet();
    await fund(service, alice.address, 20_000_000);
    const built = await build(service, {
      changeAddress: alice.address,
      outputs: [{ address: bob.address, lovelace: 5_000_000 }],
    });
    await signAndSubmit(service, built, [alice]);
    assert.deepEqual((await utxosAt(service, bob.address)).map(lovelaceOf), [5_000_000n]);
  });

  it("is serialised with submits: each faucet payment is on the old ledger or the new one, never lost between", async () => {
    const wallets = await Promise.all(Array.from({ length: 6 }, () => newEnterpriseWallet()));
    const payments = wallets.map((w) =>
      service.request<"fundDevnetAddress">("POST", "/devnet/faucet", { address: w.address, lovelace: 2_000_000 }),
    );
    const reset = service.request<"resetDevnet">("POST", "/devnet/reset", { confirm: "reset" });
    const answers = await Promise.all([...payments, reset]);
    assert.deepEqual(
      answers.map((a) => a.status),
      answers.map(() => 200),
    );
    let kept = 0;
    for (const [i, wallet] of wallets.entries()) {
      const held = await utxosAt(service, wallet.address);
      const status = await service.request<"getTransactionStatus">(
        "GET",
        `/transactions/${(answers[i] as Answer<"fundDevnetAddress">).body.txHash!}`,
      );
      // Paid after the reset: on the chain with its output; before: gone with the old ledger.
      assert.equal(
        status.body.status === "confirmed",
        held.length === 1,
        `wallet ${i}: ${status.body.status} with ${held.length} UTxOs`,
      );
      if (held.length === 1) kept += 1;
    }
    assert.equal(
      (await devnetOf(service)).utxoCount,
      1 + kept,
      "the faucet's change and the payments made after the reset",
    );
  });
});

describe("named snapshots", () => {
  let service: RunningService;
  let dataDir: string;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "txsvc-snapshots-"));
    service = await startService({ DEVNET_SNAPSHOT_LIMIT: "3" }, { dataDir });
  });
  after(async () => {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("save → pay → restore: the payment's outputs are gone, the spent ones back, the clock at the snapshot's slot; and so after a restart", async () => {
    const [alice, bob] = await Promise.all([newEnterpriseWallet(), newEnterpriseWallet()]);
    await fund(service, alice.address, 20_000_000);
    const funded = refs(await utxosAt(service, alice.address));
    // Built before the save, so that its validity interval has begun by the snapshot's slot, to
    // which the clock returns on restore (built after, a second later, it could start past it).
    const built = await build(service, {
      changeAddress: alice.address,
      outputs: [{ address: bob.address, lovelace: 5_000_000 }],
    });
    const saved = await service.request<"saveDevnetSnapshot">("POST", "/devnet/snapshots", { name: "funded" });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.name, "funded");
    assert.ok(Math.abs(Date.parse(saved.body.savedAt) - Date.now()) < 60_000);
    const file = join(dataDir, "snapshots", "funded.sqlite");
    assert.equal(saved.body.bytes, statSync(file).size);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(statSync(join(dataDir, "snapshots")).mode & 0o777, 0o700);

    const payment = await signAndSubmit(service, built, [alice]);
    assert.deepEqual((await utxosAt(service, bob.address)).map(lovelaceOf), [5_000_000n]);
    const advanced = await service.request<"advanceDevnetClock">("POST", "/devnet/advance", { seconds: 7200 });

    const restored = await service.request<"restoreDevnetSnapshot">("POST", "/devnet/snapshots/funded/restore");
    assert.equal(restored.status, 200, JSON.stringify(restored.body));
    assert.deepEqual(restored.body.snapshot, saved.body);
    assert.ok(
      restored.body.devnet.tip.slot >= saved.body.slot && restored.body.devnet.tip.slot < advanced.body.slot!,
      "the clock resumes at the snapshot's slot",
    );
    assert.deepEqual(await utxosAt(service, bob.address), []);
    assert.deepEqual(refs(await utxosAt(service, alice.address)), funded);
    assert.equal(
      (await service.request<"getTransactionStatus">("GET", `/transactions/${payment}`)).body.status,
      "unknown",
    );

    await service.close();
    service = await startService({ DEVNET_SNAPSHOT_LIMIT: "3" }, { dataDir });
    assert.deepEqual(await utxosAt(service, bob.address), []);
    assert.deepEqual(refs(await utxosAt(service, alice.address)), funded);
    const tip = (await devnetOf(service)).tip.slot;
    assert.ok(
      tip >= saved.body.slot && tip < advanced.body.slot!,
      `after the restart the clock still follows the restored one (${tip})`,
    );
    // The chain is as it was: the same payment is accepted again.
    await signAndSubmit(service, built, [alice]);
    assert.deepEqual((await utxosAt(service, bob.address)).map(lovelaceOf), [5_000_000n]);
  });

  it("lists, refuses a name in use unless overwrite, deletes; 404 for an unknown name", async () => {
    const first = await service.request<"saveDevnetSnapshot">("POST", "/devnet/snapshots", { name: "b_2" });
    assert.equal(first.status, 200);
    const again = await service.request<"saveDevnetSnapshot">("POST", "/devnet/snapshots", { name: "b_2" });
    assert.equal(again.status, 409);
    assert.equal(again.body.code, "DEVNET_ERR_SNAPSHOT_EXISTS");
    assert.equal(
      again.body.message,
      'A snapshot named "b_2" exists already: send "overwrite": true to replace it, or choose another name.',
    );
    await service.request<"advanceDevnetClock">("POST", "/devnet/advance", { seconds: 5 });
    const overwritten = await service.request<"saveDevnetSnapshot">("POST", "/devnet/snapshots", {
      name: "b_2",
      overwrite: true,
    });
    assert.equal(overwritten.status, 200);
    assert.ok(overwritten.body.slot >= first.body.slot + 5);

    const list = await service.request<"listDevnetSnapshots">("GET", "/devnet/snapshots");
    assert.equal(list.status, 200);
    assert.equal(list.body.limit, 3);
    assert.deepEqual(
      list.body.snapshots.map((s: { name: string }) => s.name),
      ["funded", "b_2"],
    );
    assert.deepEqual(list.body.snapshots[1], overwritten.body);

    const deleted = await service.request<"deleteDevnetSnapshot">("DELETE", "/devnet/snapshots/b_2");
    assert.equal(deleted.status, 200);
    assert.deepEqual(deleted.body, overwritten.body);
    const gone = await service.request<"deleteDevnetSnapshot">("DELETE", "/devnet/snapshots/b_2");
    assert.equal(gone.status, 404);
    assert.equal(gone.body.message, 'No devnet snapshot is named "b_2": there are "funded".');
    const restore = await service.request<"restoreDevnetSnapshot">("POST", "/devnet/snapshots/nothing/restore");
    assert.equal(restore.status, 404);
    assert.deepEqual(
      (await service.request<"listDevnetSnapshots">("GET", "/devnet/snapshots")).body.snapshots!.map((s) => s.name),
      ["funded"],
    );
  });

  it("refuses a name that is not a short slug, naming the field", async () => {
    const SLUG =
      'The snapshot\'s name. A short slug: 1 to 48 lower-case letters, digits, "-" or "_", starting with a letter or a digit.';
    for (const name of ["Before", "a b", "../x", "-x", "", "x".repeat(49)]) {
      const response = await service.request<"saveDevnetSnapshot">("POST", "/devnet/snapshots", { name });
      assert.equal(response.status, 400, name);
      assert.equal(response.body.message, `body.name is invalid: ${SLUG}`, name);
    }
    const path = await service.request<"restoreDevnetSnapshot">("POST", "/devnet/snapshots/..%2Fdevnet/restore");
    assert.equal(path.status, 400);
    assert.equal(path.body.message, `params.name is invalid: ${SLUG}`);
    const missing = await service.request<"saveDevnetSnapshot">("POST", "/devnet/snapshots", {});
    assert.equal(missing.body.message, "body.name is required.");
  });

  it("keeps at most DEVNET_SNAPSHOT_LIMIT: one more is a 409 until one is deleted; overwriting one at the limit is fine", async () => {
    for (const name of ["c1", "c2"])
      assert.equal((await service.request<"saveDevnetSnapshot">("POST", "/devnet/snapshots", { name })).status, 200);
    const over = await service.request<"saveDevnetSnapshot">("POST", "/devnet/snapshots", { name: "c3" });
    assert.equal(over.status, 409);
    assert.equal(over.body.code, "DEVNET_ERR_SNAPSHOT_LIMIT");
    assert.equal(
      over.body.message,
      'The devnet holds 3 snapshots, its maximum (DEVNET_SNAPSHOT_LIMIT): delete one (DELETE /devnet/snapshots/{name}) or overwrite one before saving "c3".',
    );
    assert.equal(
      (await service.request<"saveDevnetSnapshot">("POST", "/devnet/snapshots", { name: "c2", overwrite: true }))
        .status,
      200,
    );
    assert.equal((await service.request<"deleteDevnetSnapshot">("DELETE", "/devnet/snapshots/c1")).status, 200);
    assert.equal(
      (await service.request<"saveDevnetSnapshot">("POST", "/devnet/snapshots", { name: "c3" })).status,
      200,
    );
  });

  it("restores a snapshot saved before a reset: the old faucet and its funds back", async () => {
    const before = await devnetOf(service);
    await service.request<"deleteDevnetSnapshot">("DELETE", "/devnet/snapshots/c3");
    assert.equal(
      (await service.request<"saveDevnetSnapshot">("POST", "/devnet/snapshots", { name: "pre-reset" })).status,
      200,
    );
    const reset = await service.request<"resetDevnet">("POST", "/devnet/reset", { confirm: "reset" });
    assert.equal(reset.status, 200);
    const restored = await service.request<"restoreDevnetSnapshot">("POST", "/devnet/snapshots/pre-reset/restore");
    assert.equal(restored.status, 200, JSON.stringify(restored.body));
    assert.equal(restored.body.devnet.faucet.address, before.faucet.address);
    assert.equal(restored.body.devnet.utxoCount, before.utxoCount);
    await fund(service, (await newEnterpriseWallet()).address, 2_000_000);
  });

  it("refuses to restore a snapshot saved by another devnet (another system start): a 422, the devnet unchanged", async () => {
    // A devnet's system start is the second before its creation's, in whole seconds: the reset above and the other
    // devnet's start, a few ms apart, may fall in the same second, and two devnets started in one
    // second are the same chain as far as slots go (their snapshots are interchangeable). The other
    // one starts in a later second.
    const ours = (await devnetOf(service)).systemStart;
    while ((Math.floor(Date.now() / 1000) - 1) * 1000 <= ours) await new Promise((resolve) => setTimeout(resolve, 20));
    const other = await startService();
    let copied: string;
    try {
      assert.equal(
        (await other.request<"saveDevnetSnapshot">("POST", "/devnet/snapshots", { name: "elsewhere" })).status,
        200,
      );
      copied = join(dataDir, "snapshots", "elsewhere.sqlite");
      copyFileSync(join(other.dataDir, "snapshots", "elsewhere.sqlite"), copied);
    } finally {
      await other.close();
    }
    const before = await devnetOf(service);
    const refused = await service.request<"restoreDevnetSnapshot">("POST", "/devnet/snapshots/elsewhere/restore");
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.equal(refused.body.code, "SVC_ERR_UNPROCESSABLE");
    assert.match(
      refused.body.message,
      /^The snapshot "elsewhere" was saved by another devnet \(system start .*Z; this one's is .*Z\): its slots would mean other times here\. Delete it, or restore it in the DATA_DIR it came from\.$/,
    );
    assert.deepEqual({ ...(await devnetOf(service)), tip: undefined }, { ...before, tip: undefined });
    assert.equal((await service.request<"deleteDevnetSnapshot">("DELETE", "/devnet/snapshots/elsewhere")).status, 200);
  });

  it("removes a copy a crash interrupted at the next save, and neither lists nor counts a file that is not a snapshot", async () => {
    const dir = join(dataDir, "snapshots");
    writeFileSync(join(dir, "half.sqlite.tmp"), "interrupted");
    writeFileSync(join(dir, "junk.sqlite"), "not SQLite");
    const names = async () =>
      (
        (await service.request<"listDevnetSnapshots">("GET", "/devnet/snapshots")).body.snapshots as Array<{
          name: string;
        }>
      ).map((x) => x.name);
    assert.equal((await service.request<"deleteDevnetSnapshot">("DELETE", "/devnet/snapshots/c2")).status, 200);
    const listed = await names();
    assert.equal(listed.length, 2, "one below the limit, the junk file not counted");
    assert.ok(!listed.includes("junk"));
    assert.equal(
      (await service.request<"saveDevnetSnapshot">("POST", "/devnet/snapshots", { name: "after-crash" })).status,
      200,
    );
    assert.deepEqual(
      readdirSync(dir).filter((f) => f.endsWith(".tmp")),
      [],
    );
    assert.deepEqual(await names(), [...listed, "after-crash"]);
  });
});

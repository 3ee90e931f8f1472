// Metadata through POST /transactions/build on the devnet: CIP-20 messages, `metadata`, `meta[]`.
// The ledger checks the auxiliary data hash, so an accepted transaction carries exactly this metadata.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { build, signAndSubmit } from "../support/transactions-api.js";
import { fund, newBaseWallet } from "../support/wallets.js";
import { metadataJson, metadataLabels, txOf } from "../support/tx-decode.js";
import { startService, type RunningService } from "../support/service.js";

let service: RunningService;
before(async () => {
  service = await startService({ LOG_LEVEL: "error" });
});
after(async () => {
  await service.close();
});

const utf8Length = (text: string) => Buffer.byteLength(text, "utf8");

describe("build: metadata", () => {
  test("CIP-20 message: label 674 {msg:[...]}, lines chunked by UTF-8 bytes, never inside a code point", async () => {
    const alice = await newBaseWallet();
    await fund(service, alice.address, 20_000_000);
    const long = "Ünïcödé ✓ ".repeat(12); // multi-byte characters across the 64-byte boundaries
    const built = await build(service, { changeAddress: alice.address, message: ["Hello, Cardano!", long] });
    await signAndSubmit(service, built, [alice]);
    const { msg } = metadataJson(built.complete, 674) as { msg: string[] };
    assert.equal(msg[0], "Hello, Cardano!");
    assert.equal(msg.slice(1).join(""), long);
    assert.ok(msg.length > 3);
    for (const line of msg) assert.ok(utf8Length(line) <= 64, `${utf8Length(line)} bytes`);
    assert.equal(typeof built.auxiliaryData, "string");
    assert.equal(txOf(built.complete).auxiliary_data()!.to_hex(), built.auxiliaryData);
  });

  test("a single-string message is still a list", async () => {
    const alice = await newBaseWallet();
    await fund(service, alice.address, 20_000_000);
    const built = await build(service, { changeAddress: alice.address, message: "one line" });
    await signAndSubmit(service, built, [alice]);
    assert.deepEqual(metadataJson(built.complete, 674), { msg: ["one line"] });
  });

  test("meta[]: message, token, numeric and unlabelled entries; same labels merged; metadata object alongside", async () => {
    const alice = await newBaseWallet();
    await fund(service, alice.address, 20_000_000);
    const url = `https://example.org/${"p".repeat(100)}`;
    const built = await build(service, {
      changeAddress: alice.address,
      metadata: { "1337": { source: "metadata", url } },
      meta: [
        { label: "message", data: ["from meta"] },
        { label: 1337, data: { extra: [1, 2, 3] } },
        { label: "42", data: "forty-two" },
        { data: { "9000": { nested: { deep: -5 } } } },
        { label: "token", data: { note: "label 721 by name" } },
      ],
    });
    await signAndSubmit(service, built, [alice]);
    assert.deepEqual(metadataLabels(built.complete), [42, 674, 721, 1337, 9000]);
    assert.deepEqual(metadataJson(built.complete, 674), { msg: ["from meta"] });
    assert.deepEqual(metadataJson(built.complete, 1337), {
      source: "metadata",
      url: [url.slice(0, 64), url.slice(64)],
      extra: [1, 2, 3],
    });
    assert.equal(metadataJson(built.complete, 42), "forty-two");
    assert.deepEqual(metadataJson(built.complete, 9000), { nested: { deep: -5 } });
    assert.deepEqual(metadataJson(built.complete, 721), { note: "label 721 by name" });
  });

  test("metadata values without a ledger form are 400 naming the field", async () => {
    const alice = await newBaseWallet();
    for (const [metadata, field] of [
      [{ "7": { ok: true } }, /body\.metadata\.7\.ok is boolean/],
      [{ "7": { n: 1.5 } }, /body\.metadata\.7\.n is 1\.5/],
      [{ "7": null }, /body\.metadata\.7 is null/],
    ] as const) {
      const response = await service.request<"buildTransaction">("POST", "/transactions/build", {
        changeAddress: alice.address,
        metadata,
      });
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.match(response.body.message, field);
    }
    const badLabel = await service.request<"buildTransaction">("POST", "/transactions/build", {
      changeAddress: alice.address,
      meta: [{ label: "nope", data: 1 }],
    });
    assert.equal(badLabel.status, 400);
    assert.match(badLabel.body.message, /body\.meta\[0\]\.label/);
  });
});

// GET /blockfrost/api/v0/genesis on the devnet: Blockfrost's shape, and the devnet's own slot ↔
// time in it, which is where Lucid Evolution (SLOT_CONFIG_NETWORK.Custom) and the Evolution SDK
// (a custom Chain) take a custom network's slot configuration from (docs/blockfrost-compat.md).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { blockfrostSchemas } from "../../support/fakes/wire-schemas.js";
import { jsonRequest } from "../../support/service.js";
import { startSdkDevnet, type SdkDevnet } from "../../support/sdk-devnet.js";

/** A Blockfrost answer read here: its body as Blockfrost's schema has it (the first test checks /genesis against it). */
interface BlockfrostAnswer<B> {
  status: number;
  headers: Headers;
  body: B;
}
interface Genesis {
  system_start: number;
  slot_length: number;
  active_slots_coefficient: number;
  security_param: number;
  epoch_length: number;
}

describe("GET /blockfrost/api/v0/genesis on the devnet", () => {
  let devnet: SdkDevnet;
  before(async () => {
    devnet = await startSdkDevnet();
  });
  after(async () => {
    await devnet?.close();
  });

  it("follows Blockfrost's schema and gives the devnet's slot 0 and slot length", async () => {
    const genesis = await jsonRequest<BlockfrostAnswer<Genesis>>(`${devnet.blockfrostUrl}/genesis`, "GET", undefined, {
      project_id: "anything",
    });
    assert.equal(genesis.status, 200, JSON.stringify(genesis.body));
    blockfrostSchemas().check("/genesis", "200", genesis.body, "GET /genesis");
    const slot0 = await devnet.service.request<"slotToTime">("POST", "/utils/network/slot-to-time", { slot: 0 });
    const slot10 = await devnet.service.request<"slotToTime">("POST", "/utils/network/slot-to-time", { slot: 10 });
    assert.equal(genesis.body.system_start * 1000, slot0.body.time);
    assert.equal(genesis.body.slot_length * 1000 * 10, slot10.body.time! - slot0.body.time!);
    assert.equal(genesis.body.active_slots_coefficient, 1, "a block in every slot");
    assert.equal(genesis.body.security_param, 0, "no rollback");
  });

  it("has the devnet's one epoch last beyond any slot: the tip's epoch is 0, as /epochs/latest says", async () => {
    const genesis = (await jsonRequest<BlockfrostAnswer<Genesis>>(`${devnet.blockfrostUrl}/genesis`, "GET")).body;
    const tip = (await jsonRequest<BlockfrostAnswer<{ slot: number }>>(`${devnet.blockfrostUrl}/blocks/latest`, "GET"))
      .body;
    const epoch = (
      await jsonRequest<BlockfrostAnswer<{ epoch: number }>>(`${devnet.blockfrostUrl}/epochs/latest`, "GET")
    ).body;
    assert.equal(Math.floor(tip.slot / genesis.epoch_length), epoch.epoch);
    assert.equal(epoch.epoch, 0);
  });
});

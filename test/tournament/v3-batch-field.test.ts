// The body's `batch` of POST /tournaments/{id}/cancel and /refund (v3, after the close) ranges over
// the batches of a full bracket: 0 to V3_MAX_BRACKET / 2^BATCH_HEIGHT − 1, derived from the
// production tree's constants, so that the schema follows the contract if either changes. A batch
// above it is a 400 naming body.batch before anything is read.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { V3_MAX_BRACKET } from "../../src/tournament/limits.js";
import { PRODUCTION_TREE } from "../../src/tournament/seat-tree.js";
import type { OpenApiAnswer, Schema } from "../support/openapi.js";
import { startService, type RunningService } from "../support/service.js";
import { rejected } from "../support/tournament-api.js";

const LAST_BATCH = V3_MAX_BRACKET / 2 ** PRODUCTION_TREE.batchHeight - 1;
const ID = "ab".repeat(32);

describe("the body's batch: the batches of a full v3 bracket", () => {
  let s: RunningService;
  before(async () => {
    s = await startService();
  });
  after(async () => {
    await s?.close();
  });

  it(`is 0 to ${LAST_BATCH} in the OpenAPI document of cancel and refund`, async () => {
    const r = await s.request<OpenApiAnswer>("GET", "/openapi.json");
    assert.equal(r.status, 200);
    for (const action of ["cancel", "refund"]) {
      const body = r.body.paths?.[`/v2/services/tournaments/{tournamentId}/${action}`]?.["post"]?.requestBody
        ?.content?.["application/json"]?.schema as Schema | undefined;
      const batch = (body?.properties as Record<string, Schema> | undefined)?.["batch"];
      assert.ok(batch, `${action} has a batch field`);
      assert.equal(batch["minimum"], 0);
      assert.equal(batch["maximum"], LAST_BATCH);
      assert.match(String(batch["description"]), new RegExp(`${LAST_BATCH} the last of a full bracket of 1,024`));
    }
  });

  it(`refuses batch ${LAST_BATCH + 1} with a 400 naming body.batch`, async () => {
    for (const action of ["cancel", "refund"]) {
      const r = await s.request<"refundTournament">("POST", `/tournaments/${ID}/${action}`, {
        ...(action === "cancel"
          ? { adminAddress: "addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej" }
          : {}),
        utxos: [],
        batch: LAST_BATCH + 1,
        contractVersion: "3.0.0",
      });
      rejected(r, 400, new RegExp(`^body\\.batch must be <= ${LAST_BATCH}\\.$`));
    }
  });
});

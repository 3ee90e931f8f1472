// One pagination convention for every list (src/server/pagination.ts), over real HTTP on the
// devnet: every list operation of the OpenAPI document takes `limit` and `cursor` and answers
// `cursor` (null on the last page); the UTxOs at an address page by output reference, in both
// views, and without `limit` come whole as before; a cursor that the service did not give is a 400.
// The tournaments' and registrations' pages (and their aliases pageState and page) are in
// test/tournament/rules.test.ts, the blueprints' in test/blueprints/http-blueprints.test.ts.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { deref, operationsOf, parameters, type OpenApiAnswer } from "../support/openapi.js";
import { startService, type RunningService } from "../support/service.js";
import { fund, newEnterpriseWallet, type TestWallet } from "../support/wallets.js";

describe("one pagination convention", () => {
  let service: RunningService;
  let holder: TestWallet;
  before(async () => {
    service = await startService();
    holder = await newEnterpriseWallet();
    for (let i = 0; i < 5; i++) await fund(service, holder.address, 2_000_000 + i);
  });
  after(() => service.close());

  it("every list operation takes limit and cursor and answers cursor, string or null", async () => {
    const document = (await service.request<OpenApiAnswer>("GET", "/openapi.json")).body;
    // A list: a GET of a collection (not of one resource, `…/{id}`) answering an array of results or UTxOs.
    // (GET /devnet/snapshots is whole: at most DEVNET_SNAPSHOT_LIMIT entries.)
    const lists = operationsOf(document).filter(({ method, path, op }) => {
      const schema = op.responses?.["200"]?.content?.["application/json"]?.schema;
      if (method !== "GET" || schema === undefined || path.endsWith("}")) return false;
      const ok = deref(document, schema);
      const branches = ok.anyOf ?? [ok];
      return branches.some(
        (b) => b.properties?.["results"]?.type === "array" || b.properties?.["utxos"]?.type === "array",
      );
    });
    assert.deepEqual(lists.map((o) => o.path).sort(), [
      "/v2/services/addresses/{address}/utxos",
      "/v2/services/blueprints",
      "/v2/services/tournaments",
      "/v2/services/tournaments/{tournamentId}/registrations",
    ]);
    for (const operation of lists) {
      const names = parameters(operation, "query").map((p) => p.name);
      assert.ok(names.includes("limit") && names.includes("cursor"), `${operation.path}: ${names.join(", ")}`);
      const limit = parameters(operation, "query").find((p) => p.name === "limit");
      assert.deepEqual([limit?.schema?.minimum, limit?.schema?.maximum], [1, 100], operation.path);
      const schema = operation.op.responses?.["200"]?.content?.["application/json"]?.schema;
      assert.ok(schema, `${operation.path}: its 200 has a JSON schema`);
      const ok = deref(document, schema);
      for (const branch of ok.anyOf ?? [ok]) {
        assert.ok(branch.required?.includes("cursor"), `${operation.path}: cursor is always there`);
        assert.deepEqual(
          branch.properties?.["cursor"]?.anyOf?.map((s) => s.type),
          ["string", "null"],
        );
      }
      assert.match(operation.op.description ?? "", /pass the answer's `cursor` back as `cursor` for the next page/);
    }
  });

  it("pages the UTxOs at an address by output reference, in both views; without limit, all of them", async () => {
    const path = `/addresses/${holder.address}/utxos`;
    const whole = await service.request<"getAddressUtxos">("GET", path);
    assert.equal(whole.status, 200);
    assert.equal(whole.body.cursor, null);
    assert.equal(whole.body.utxos.length, 5);
    for (const view of ["cbor", "decoded"]) {
      const all = (await service.request<"getAddressUtxos">("GET", `${path}?view=${view}`)).body.utxos;
      const seen: unknown[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `view=${view}&limit=2${cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`}`;
        const page = await service.request<"getAddressUtxos">("GET", `${path}?${query}`);
        assert.equal(page.status, 200, JSON.stringify(page.body));
        assert.ok(page.body.utxos.length <= 2);
        seen.push(...page.body.utxos);
        cursor = page.body.cursor;
        pages++;
      } while (cursor !== null && pages < 10);
      assert.equal(pages, 3);
      assert.deepEqual(seen, all, view);
    }
    const decoded = (await service.request<"getAddressUtxos">("GET", `${path}?view=decoded`)).body.utxos as {
      txHash: string;
      index: number;
    }[];
    const refs = decoded.map((u) => `${u.txHash}#${u.index}`);
    assert.deepEqual(refs, [...refs].sort(), "ordered by output reference");
  });

  it("refuses a cursor it did not give, and a limit out of 1 to 100", async () => {
    const path = `/addresses/${holder.address}/utxos`;
    const garbage = await service.request<"getAddressUtxos">("GET", `${path}?cursor=bm9wZQ`);
    assert.deepEqual(
      [garbage.status, garbage.body.message],
      [400, "query.cursor is not a cursor this service returned: pass the previous answer's cursor as it is."],
    );
    for (const limit of [0, 101]) {
      const answer = await service.request<"getAddressUtxos">("GET", `${path}?limit=${limit}`);
      assert.equal(answer.status, 400);
      assert.match(answer.body.message, /^query\.limit /);
    }
  });
});

// GET /blueprints bounded in bytes, through real HTTP on the devnet: a page reads at most
// LIST_MAX_BYTES of stored blueprint JSON (at least one blueprint), so large blueprints come a few
// to a page whatever `limit` asks, with a pageState to the rest; the answer without
// include=blueprint is small whatever the blueprints weigh.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Body } from "../support/api.js";
import { startService, type RunningService } from "../support/service.js";
import { largeBlueprint } from "../support/large-blueprints.js";

const KIB = 1024;

describe("GET /blueprints bounded in bytes", () => {
  let service: RunningService;
  const ids: string[] = [];
  before(async () => {
    service = await startService({ LIST_MAX_BYTES: String(256 * KIB), BODY_LIMIT: String(512 * KIB) });
    for (let i = 0; i < 5; i++) {
      const saved = await service.request<"upsertBlueprint">("POST", "/blueprints", {
        blueprint: largeBlueprint(i, 100 * KIB),
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      ids.push(saved.body.id);
    }
  });
  after(() => service.close());

  const list = async (query: string) => {
    const answer = await fetch(`${service.base}/blueprints${query}`);
    const text = await answer.text();
    return { status: answer.status, bytes: Buffer.byteLength(text), body: JSON.parse(text) as Body<"listBlueprints"> };
  };

  it("answers a page of 100 KiB blueprints in pages of two under a 256 KiB bound, each with its JSON when asked", async () => {
    const seen: string[] = [];
    let pageState: string | undefined;
    let pages = 0;
    do {
      const page = await list(`?limit=100&include=blueprint${pageState ? `&pageState=${pageState}` : ""}`);
      assert.equal(page.status, 200);
      assert.ok(page.bytes <= 256 * KIB + 8 * KIB, `a page of ${page.bytes} bytes`);
      assert.ok(
        page.body.results.length <= 2,
        `${page.body.results.length} blueprints of 100 KiB in a page of 256 KiB`,
      );
      for (const result of page.body.results) {
        // The stored blueprint, which the document leaves free-form: the CIP-57 fields read here.
        const blueprint = result.blueprint as { preamble: { title: string }; validators: { compiledCode: string }[] };
        assert.equal(blueprint.preamble.title, result.title);
        assert.ok(blueprint.validators[0]!.compiledCode.length > 95 * KIB);
      }
      seen.push(...page.body.results.map((r) => r.id));
      pageState = page.body.pageState;
      pages++;
    } while (pageState !== undefined);
    assert.deepEqual(seen, ids, "every blueprint once, oldest first");
    assert.equal(pages, 3);
  });

  it("answers without the JSON by default: the answer weighs a few KiB", async () => {
    const page = await list("?limit=100");
    assert.equal(page.status, 200);
    assert.equal(page.body.results.length, 2);
    assert.ok(page.bytes < 4 * KIB, `${page.bytes} bytes`);
    assert.deepEqual(Object.keys(page.body.results[0]!).sort(), [
      "createdAt",
      "id",
      "refs",
      "scriptAddresses",
      "title",
      "updatedAt",
      "validators",
      "version",
    ]);
    assert.equal(page.body.results[0]!.validators[0]!.plutusVersion, "V3");
  });

  it("refuses a LIST_MAX_BYTES below 64 KiB at start, naming the variable", async () => {
    await assert.rejects(
      startService({ LIST_MAX_BYTES: "1000" }),
      /Invalid environment variable LIST_MAX_BYTES: "1000" must be a whole number from 65536 to 1073741824\./,
    );
  });
});

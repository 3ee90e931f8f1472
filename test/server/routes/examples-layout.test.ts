// Every area has its own examples (#22 item 4): the OpenAPI examples of routes/<area>/ sit in
// routes/<area>/examples.ts, and routes/examples.ts holds only what two areas or more share. A
// request or answer example of one area added to the shared module, or one area reading another's
// examples, makes this test fail.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, it } from "node:test";

const ROUTES = join(import.meta.dirname, "..", "..", "..", "src", "server", "routes");
const SHARED = join(ROUTES, "examples.ts");
/** Areas that read another area's examples, with the reason. */
const BORROWS: Record<string, string> = {
  // The validator endpoints answer about the validators of the blueprints: the hello-world blueprint's.
  validators: "blueprints",
};

/** Each .ts file of an area (routes/<area>/…), with the examples modules it imports and the names it takes. */
const imports = readdirSync(ROUTES, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && entry.parentPath !== ROUTES)
  .flatMap((entry) => {
    const file = join(entry.parentPath, entry.name);
    const area = relative(ROUTES, file).split("/")[0]!;
    const text = readFileSync(file, "utf8");
    return [...text.matchAll(/import\s+(?:type\s+)?([^;]*?)\s+from\s+"(\.[^"]*examples\.js)";/g)].map((m) => ({
      file: relative(ROUTES, file),
      area,
      module: resolve(dirname(file), m[2]!.replace(/\.js$/, ".ts")),
      names: /\{([^}]*)\}/
        .exec(m[1]!)?.[1]!
        .split(",")
        .map((n) => n.trim()) ?? ["*"],
    }));
  });

describe("the OpenAPI examples, one module per area", () => {
  it("an area reads its own examples and the shared module only", () => {
    const wrong = imports
      .filter(({ area, module }) => module !== SHARED && module !== join(ROUTES, area, "examples.ts"))
      .filter(({ area, module }) => module !== join(ROUTES, BORROWS[area] ?? area, "examples.ts"))
      .map(({ file, module }) => `${file} imports ${relative(ROUTES, module)}`);
    assert.deepEqual(wrong, []);
  });

  it("the shared module holds only what two areas or more use, each name taken by name", () => {
    const exported = [...readFileSync(SHARED, "utf8").matchAll(/^export const (\w+)/gm)].map((m) => m[1]!);
    assert.ok(exported.length > 0);
    const fromShared = imports.filter(({ module }) => module === SHARED);
    assert.deepEqual(
      fromShared.filter(({ names }) => names.includes("*")).map(({ file }) => file),
      [],
      "no area takes the shared module whole (import * as X)",
    );
    const lonely = exported
      .map((name) => ({ name, areas: new Set(fromShared.filter((i) => i.names.includes(name)).map((i) => i.area)) }))
      .filter(({ areas }) => areas.size < 2)
      .map(({ name, areas }) => `${name} (used by ${[...areas].join(", ") || "no area"})`);
    assert.deepEqual(lonely, [], "an example one area uses belongs in that area's examples.ts");
  });
});

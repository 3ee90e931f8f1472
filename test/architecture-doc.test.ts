// Every folder of src/ is accounted for: the README's architecture tree gives it a line, and the
// lint zones of eslint.config.js (LAYERS) name it, so that a new folder is placed in a layer
// rather than left where any import goes.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, it } from "node:test";

const ROOT = join(import.meta.dirname, "..");
const SRC = join(ROOT, "src");

/** The folders under src/, as paths relative to it ("store/sqlite"). */
const folders = readdirSync(SRC, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => relative(SRC, join(entry.parentPath, entry.name)));

/** The README's architecture tree: the text block that starts with "src/". */
function architectureTree(): string[] {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const block = /```text\nsrc\/\n([\s\S]*?)```/.exec(readme);
  assert.ok(block, "the README has an architecture tree (a ```text block starting with src/)");
  return block[1]!.split("\n");
}

/** The folder paths the tree names, from its indentation: "  store/" then "    sqlite/" is store/sqlite. */
function treeFolders(lines: readonly string[]): Set<string> {
  const named = new Set<string>();
  const stack: string[] = [];
  for (const line of lines) {
    const match = /^( +)([a-z][\w-]*)\/ /.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 2 - 1;
    stack.length = depth;
    stack.push(match[2]!);
    named.add(stack.join("/"));
  }
  return named;
}

describe("the architecture", () => {
  it("the README's tree has a line for every folder of src/ (server/routes' areas in its list of areas)", () => {
    const lines = architectureTree();
    const named = treeFolders(lines);
    const areas = lines.join(" ").match(/areas: ([^)]*)/)?.[1] ?? "";
    const missing = folders.filter((folder) => {
      if (folder.startsWith("server/routes/")) return !new RegExp(`\\b${folder.split("/")[2]}\\b`).test(areas);
      if (folder === "server/routes") return !lines.some((line) => line.includes("routes/<area>/"));
      return !named.has(folder);
    });
    assert.deepEqual(
      missing,
      [],
      `folders of src/ the README's architecture tree does not list: ${missing.join(", ")}`,
    );
  });

  it("every top-level folder of src/ is named by the lint zones of eslint.config.js", () => {
    const config = readFileSync(join(ROOT, "eslint.config.js"), "utf8");
    const unzoned = folders.filter((folder) => !folder.includes("/") && !config.includes(`"src/${folder}/"`));
    assert.deepEqual(unzoned, [], `folders of src/ outside every lint zone: ${unzoned.join(", ")}`);
  });
});

// contracts/SECURITY.md's v3 section cites tests by name: `<file>: "<title>", "<title>"`, a bare file
// being contracts/test/v3/<file>.test.ts and `service/<file>` test/tournament/<file>.test.ts.
// Every cited title must be the title of an it() or describe() of that file, as written in its
// source (a title built from a template keeps its `${…}`), so that renaming or deleting a test
// that the matrix counts on fails here, and so does citing one that does not exist.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { describe, it } from "node:test";

const root = new URL("../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");

const V3_HEADING = "# Tournament contracts v3: vulnerability matrix";
const V21_HEADING = "# Tournament contracts v2.1: vulnerability matrix";

/** The v3 section of SECURITY.md: from its heading to v2.1's. */
function v3Section(): string {
  const doc = read("contracts/SECURITY.md");
  const start = doc.indexOf(V3_HEADING);
  const end = doc.indexOf(V21_HEADING);
  assert.ok(start >= 0, `SECURITY.md has the heading "${V3_HEADING}"`);
  assert.ok(end > start, `SECURITY.md keeps v2.1's matrix after v3's, under "${V21_HEADING}"`);
  return doc.slice(start, end);
}

/** The path of a cited file: `attacks-add` or `service/seats`. */
const pathOf = (file: string): string =>
  file.startsWith("service/")
    ? `test/tournament/${file.slice("service/".length)}.test.ts`
    : `contracts/test/v3/${file}.test.ts`;

/** Every `file: "title", "title"` of the text, as [file, title]. */
function citations(text: string): [string, string][] {
  const out: [string, string][] = [];
  for (const match of text.matchAll(/((?:service\/)?[a-z0-9-]+): ((?:"[^"\n]+"(?:, )?)+)/g)) {
    for (const title of match[2]!.matchAll(/"([^"\n]+)"/g)) out.push([match[1]!, title[1]!]);
  }
  return out;
}

/** The titles of a test file's it() and describe() calls, as written in the source. */
function titles(source: string): Set<string> {
  const out = new Set<string>();
  for (const match of source.matchAll(/\b(?:it|describe)\(\s*(["'`])((?:\\.|(?!\1)[\s\S])*?)\1/g)) out.add(match[2]!);
  return out;
}

describe("contracts/SECURITY.md's v3 matrix cites tests that exist", () => {
  const section = v3Section();
  const cited = citations(section);

  it('cites tests in the form file: "title" (more than a hundred of them)', () => {
    assert.ok(cited.length > 100, `only ${cited.length} citations found`);
  });

  it("every cited title is an it() or describe() of the named file", () => {
    const byFile = new Map<string, Set<string>>();
    const missing: string[] = [];
    for (const [file, title] of cited) {
      const path = pathOf(file);
      if (!byFile.has(file)) {
        assert.ok(existsSync(new URL(path, root)), `${file}: no such test file (${path})`);
        byFile.set(file, titles(read(path)));
      }
      if (!byFile.get(file)!.has(title)) missing.push(`${file}: "${title}"`);
    }
    assert.deepEqual(missing, [], "cited tests that do not exist");
  });

  it("names each of v3's trace codes (T69–T90)", () => {
    for (let n = 69; n <= 90; n++) assert.match(section, new RegExp(`\\bT${n}\\b`), `T${n} is not in the v3 matrix`);
  });

  it("lists a gap for every cell that says **none** (no test)", () => {
    const cells = section
      .split("\n")
      .filter((line) => line.startsWith("| **"))
      .flatMap((line) => line.split(/(?<!\\)\|/).slice(2, -1));
    const none = cells.filter((cell) => cell.includes("**none**")).length;
    const gaps = section.slice(section.indexOf("## Gaps"));
    assert.ok(section.includes("## Gaps"), "the v3 section ends with a Gaps heading");
    const listed = gaps.split("\n").filter((line) => /^\d+\. /.test(line)).length;
    assert.ok(listed >= none, `${none} cells say none, ${listed} gaps listed`);
  });
});

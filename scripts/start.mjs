// `npm start`: runs src/main.ts without a TypeScript loader at run time. Each src/**/*.ts whose
// JavaScript is missing or older than it is transpiled with esbuild into .transpiled/ (the same
// layout, one level below the project's root as src/ is, so that paths taken from import.meta.url
// resolve alike), outputs whose source is gone are removed, then main.js is imported in this
// process (npm execs it: signals reach main.ts's handlers).
//
// Why not `node --import tsx src/main.ts`: tsx's loader hooks answer every module the server
// loads, its own and node_modules', on each start. On this project that was about 1.5 s of CPU
// more than the same code already transpiled (3.3 s against 2.3 s to answer health on a devnet of
// 100,000 UTxOs, issue #21). Here a start after an edit transpiles the edited files only (an
// unchanged tree costs a stat per file), and the code that runs is the tree's: no type check
// (npm test and npm run build do that), as with tsx.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { transformSync } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SRC = join(ROOT, "src");
export const OUT = join(ROOT, ".transpiled");

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir) {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(dir, join(entry.parentPath ?? entry.path, entry.name)));
  } catch {
    return [];
  }
}

const mtime = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -1;
  }
};

/**
 * Brings .transpiled/ up to date with src/ (or `out` with `src`: the tests use a folder of their
 * own, as servers started meanwhile transpile into .transpiled/); returns how many files it wrote
 * and removed.
 */
export function transpile(src = SRC, out = OUT) {
  const sources = filesUnder(src).filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"));
  const wanted = new Set(sources.flatMap((file) => [file.replace(/\.ts$/, ".js"), file.replace(/\.ts$/, ".js.map")]));
  let written = 0;
  for (const file of sources) {
    const source = join(src, file);
    const output = join(out, file.replace(/\.ts$/, ".js"));
    if (mtime(output) >= mtime(source)) continue;
    const { code, map } = transformSync(readFileSync(source, "utf8"), {
      loader: "ts",
      format: "esm",
      target: "node20",
      sourcefile: source,
      // Beside each file, not inline: node reads maps only under --enable-source-maps
      // (NODE_OPTIONS=--enable-source-maps npm start names src/ lines in stack traces); reading
      // them at every start cost about 0.4 s of CPU.
      sourcemap: "external",
      sourcesContent: false,
      tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
    });
    mkdirSync(dirname(output), { recursive: true });
    // Written aside then renamed: two starts at once never import a half-written file.
    const partial = `${output}.${process.pid}.partial`;
    writeFileSync(`${output}.map`, map);
    writeFileSync(partial, `${code}//# sourceMappingURL=${basename(output)}.map\n`);
    renameSync(partial, output);
    written++;
  }
  // An output whose source was deleted or renamed must not stay importable: an import of the old
  // path would run stale code instead of failing.
  let removed = 0;
  for (const file of filesUnder(out)) {
    if (wanted.has(file) || file.endsWith(".partial")) continue;
    rmSync(join(out, file));
    removed++;
  }
  return { written, removed };
}

const isMain = import.meta.url === pathToFileURL(process.argv[1] ?? "").href;

if (isMain && process.argv.includes("--transpile-only")) {
  // At install time (docs/operations.md), by the user who owns the checkout: the service's own
  // user then finds .transpiled/ up to date and writes nothing.
  const { written, removed } = transpile();
  process.stdout.write(`${OUT}: ${written} files transpiled, ${removed} removed\n`);
} else if (isMain) {
  let main = pathToFileURL(join(OUT, "main.js")).href;
  try {
    transpile();
  } catch (error) {
    // A checkout the server may not write to (installed read-only, run as another user): the
    // same code through tsx, at tsx's slower start, rather than no start.
    if (!["EACCES", "EPERM", "EROFS"].includes(error?.code)) throw error;
    process.stderr.write(`cannot write ${OUT} (${error.code}): running src/main.ts through tsx instead\n`);
    (await import("tsx/esm/api")).register();
    main = pathToFileURL(join(SRC, "main.ts")).href;
  }
  await import(main);
}

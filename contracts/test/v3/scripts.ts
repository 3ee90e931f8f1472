// v3's scripts as the tests take them: the tournament script (NFT policy + pool validator), the
// batch validator and a tournament's registration validator (the template with its ID put in), for
// a tree shape. The production shape (1,024 seats, batches of 64) is the service's
// (contracts/plutus.json and contracts/registration-template.json, through deployment.ts's
// v3Scripts); the small tree (depth 4: brackets up to 16, batches of 4) is small-tree.json beside
// this file. contracts/build.ts (npm run contracts:build) writes all of them from contracts/src;
// loading refuses a small-tree file whose sources digest differs from the sources now.
import { readFileSync } from "node:fs";
import {
  contractsDigest,
  scriptOfCompiledCode,
  V3_CONTRACT,
  type CompiledScript,
} from "../../../src/tournament/contracts.js";
import { v3Scripts } from "../../../src/tournament/deployment.js";
import { checkTemplate, fromTemplate } from "../../../src/tournament/registration-script.js";
import { PRODUCTION_TREE, type TreeShape } from "../../../src/tournament/seat-tree.js";
import { REGISTRATION_MARKER } from "../../../src/tournament/contracts.js";
import { SMALL_TREE, SMALL_TREE_PATH, type SmallTreeFile } from "../../build.js";

export { BATCH_MIN_LOVELACE } from "../../../src/tournament/limits.js";
export { SMALL_TREE };

export interface V3Scripts {
  readonly shape: TreeShape;
  readonly tournament: CompiledScript;
  readonly batch: CompiledScript;
  /** The registration validator of one tournament. */
  readonly registration: (tournamentId: string) => CompiledScript;
}

const REBUILD = "run npm run contracts:build";
const sameShape = (a: TreeShape, b: TreeShape): boolean => a.depth === b.depth && a.batchHeight === b.batchHeight;

let small: V3Scripts | undefined;

/** contracts/test/v3/small-tree.json, checked against the sources now. */
function loadSmallTree(): V3Scripts {
  if (small !== undefined) return small;
  const file = JSON.parse(readFileSync(SMALL_TREE_PATH, "utf8")) as SmallTreeFile;
  if (file.sourcesDigest !== contractsDigest(V3_CONTRACT, SMALL_TREE))
    throw new Error(
      `contracts/test/v3/small-tree.json is stale (a source, a limit or the compiler changed): ${REBUILD}`,
    );
  const what = "contracts/test/v3/small-tree.json: the hash of the";
  const tournament = scriptOfCompiledCode(file.tournament.compiledCode, file.tournament.hash, `${what} tournament`);
  const batch = scriptOfCompiledCode(file.batch.compiledCode, file.batch.hash, `${what} batch`);
  const template = checkTemplate(file.registrationTemplate, {
    file: "contracts/test/v3/small-tree.json",
    marker: REGISTRATION_MARKER,
    tournamentPolicy: tournament.hash,
    rebuild: REBUILD,
  });
  const registrations = new Map<string, CompiledScript>();
  const registration = (id: string): CompiledScript => {
    let script = registrations.get(id);
    if (script === undefined) {
      script = fromTemplate(template, id);
      registrations.set(id, script);
    }
    return script;
  };
  small = { shape: SMALL_TREE, tournament, batch, registration };
  return small;
}

/** v3's three validators for a tree shape (the production one by default, or SMALL_TREE). */
export function loadV3(shape: TreeShape = PRODUCTION_TREE): V3Scripts {
  if (sameShape(shape, SMALL_TREE)) return loadSmallTree();
  if (!sameShape(shape, PRODUCTION_TREE))
    throw new Error(`no v3 build for depth ${shape.depth}, batch height ${shape.batchHeight}`);
  const { tournament, batch, registrationOf } = v3Scripts();
  return { shape: PRODUCTION_TREE, tournament, batch, registration: registrationOf };
}

// The committed compiled contracts are what the sources compile to now (some 2 min of CPU, hence
// slow; the fast tests check only the digests of the sources they were compiled from): v3's
// blueprint, registration template and small-tree build (contracts/build.ts), v2.1's frozen
// blueprint and registration template (contracts/v2.1/build.ts; its script hashes asserted, since
// they never change), a tournament's registration validator
// from the template equal to a full compile of its ID (v2's frozen one too), and the CIP-68 test
// contract's blueprint, and the devnet tests' small validator (test/support/plutus-fixture.ts).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { resolveScriptHash } from "@meshsdk/core";
import { buildFiles, SMALL_TREE } from "../../contracts/build.js";
import {
  BLUEPRINT_PATH,
  buildBlueprint,
  buildRegistrationTemplate,
  REGISTRATION_TEMPLATE_PATH,
  serializeBlueprint,
  serializeRegistrationTemplate,
} from "../../contracts/v2.1/build.js";
import {
  buildV2RegistrationTemplate,
  v2RegistrationCompiled,
  v2RegistrationScript,
  V2_TEMPLATE_PATH,
} from "../../contracts/v2/scripts.js";
import { compileContracts, registrationScript, V2_1_CONTRACT, V3_CONTRACT } from "../../src/tournament/contracts.js";
import { registrationScriptOf } from "../../src/tournament/registration-script.js";
import {
  BLUEPRINT_PATH as CIP68_BLUEPRINT_PATH,
  generateCip68Blueprint,
} from "../fixtures/blueprints/cip68/generate.js";
import { compileSumCheck, sumCheckValidator } from "../support/plutus-fixture.js";

describe("compiling the contracts now", () => {
  it("gives exactly v3's committed plutus.json, registration-template.json and test/v3/small-tree.json", () => {
    const files = buildFiles(compileContracts(V3_CONTRACT), compileContracts(V3_CONTRACT, SMALL_TREE));
    for (const [path, text] of Object.entries(files))
      assert.equal(text, readFileSync(path, "utf8"), `${path}: run npm run contracts:build`);
  });

  it("gives a v3 tournament's registration validator as v3's template with its ID put in, bytes and hash", () => {
    const id = randomBytes(32).toString("hex");
    const full = registrationScript(id, V3_CONTRACT);
    const fromTemplate = registrationScriptOf(id, V3_CONTRACT);
    assert.equal(fromTemplate.compiledCode, full.compiledCode, `tournament ID ${id}`);
    assert.equal(fromTemplate.hash, full.hash);
    assert.notEqual(fromTemplate.hash, registrationScriptOf(id, V2_1_CONTRACT).hash, "v3's registrations are its own");
  });

  const rebuild = "run npx tsx contracts/v2.1/build.ts";

  it("gives exactly v2.1's committed plutus.json and registration-template.json, and v2.1's hashes", () => {
    const compiled = compileContracts(V2_1_CONTRACT);
    assert.equal(compiled.tournament.hash, "9da777af04ce0350660e3e9ec949702151ec416c425e151d2675b91d");
    assert.equal(compiled.registrationTemplate.hash, "e5b6984700ddf22b86cf250a8ad8443c521699e6c5f83d9a726286eb");
    assert.equal(serializeBlueprint(buildBlueprint(compiled)), readFileSync(BLUEPRINT_PATH, "utf8"), rebuild);
    assert.equal(
      serializeRegistrationTemplate(buildRegistrationTemplate(compiled)),
      readFileSync(REGISTRATION_TEMPLATE_PATH, "utf8"),
      rebuild,
    );
  });

  it("gives a v2.1 tournament's registration validator as the template with its ID put in, bytes and hash", () => {
    const id = randomBytes(32).toString("hex");
    const full = registrationScript(id, V2_1_CONTRACT);
    const fromTemplate = registrationScriptOf(id, V2_1_CONTRACT);
    assert.equal(fromTemplate.compiledCode, full.compiledCode, `tournament ID ${id}`);
    assert.equal(fromTemplate.code, full.code);
    assert.equal(fromTemplate.hash, full.hash);
    assert.equal(resolveScriptHash(full.code, "V2"), full.hash);
  });

  it("gives v2's committed registration template, and a v2 registration validator as the template with its ID put in", () => {
    assert.equal(
      `${JSON.stringify(buildV2RegistrationTemplate(), null, 2)}\n`,
      readFileSync(V2_TEMPLATE_PATH, "utf8"),
      "run node --import tsx contracts/v2/scripts.ts",
    );
    const id = randomBytes(32).toString("hex");
    const full = v2RegistrationCompiled(id);
    const fromTemplate = v2RegistrationScript(id);
    assert.equal(fromTemplate.code, full.code, `tournament ID ${id}`);
    assert.equal(fromTemplate.compiledCode, full.compiledCode);
    assert.equal(fromTemplate.hash, full.hash);
  });

  it("gives exactly the committed CIP-68 test contract's plutus.json", () => {
    assert.equal(
      generateCip68Blueprint(),
      readFileSync(CIP68_BLUEPRINT_PATH, "utf8"),
      "regenerate: npx tsx test/fixtures/blueprints/cip68/generate.ts",
    );
  });

  it("gives the devnet tests' small validator as test/support/plutus-fixture.ts records it", async () => {
    const compiled = await compileSumCheck();
    const recorded = await sumCheckValidator();
    assert.equal(
      recorded.code,
      compiled.code,
      "set COMPILED in test/support/plutus-fixture.ts to compileSumCheck()'s code",
    );
    assert.equal(recorded.hash, compiled.hash);
  });
});

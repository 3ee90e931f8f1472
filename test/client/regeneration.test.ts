// client/src/schema.ts is generated from the OpenAPI document the service serves: regenerating it
// must change nothing, or the client has drifted from the routes (run the command the failure names).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { GENERATE_COMMAND, SCHEMA_FILE, generateClientSchema } from "../../scripts/generate-client.js";

test("client/src/schema.ts is what the served OpenAPI document generates", async () => {
  const committed = readFileSync(SCHEMA_FILE, "utf8");
  const fresh = await generateClientSchema();
  if (committed === fresh) return;
  const committedLines = committed.split("\n");
  const freshLines = fresh.split("\n");
  const line = freshLines.findIndex((text, i) => text !== committedLines[i]);
  assert.fail(
    `client/src/schema.ts is out of date with the OpenAPI document: run \`${GENERATE_COMMAND}\` and commit the result.\n` +
      `First difference at line ${line + 1}:\n  committed: ${committedLines[line] ?? "(end of file)"}\n  generated: ${freshLines[line] ?? "(end of file)"}`,
  );
});

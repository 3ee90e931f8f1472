// Generates the typed client's wire types, client/src/schema.ts, from the OpenAPI document exactly
// as the service serves it: build(config) on the devnet, in a temporary DATA_DIR, then app.swagger().
//   npm run client:generate       writes client/src/schema.ts
// test/client/regeneration.test.ts calls generateClientSchema() and fails when the committed file
// differs, so the client cannot drift from the routes' schemas.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import { loadConfig } from "../src/config.js";
import { build } from "../src/server/app.js";

export const SCHEMA_FILE = resolve(import.meta.dirname, "../client/src/schema.ts");
export const GENERATE_COMMAND = "npm run client:generate";

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"] as const;

/** The OpenAPI document the service serves at /v2/services/openapi.json, on the devnet. */
export async function servedOpenApi(): Promise<OpenAPI3> {
  const dataDir = mkdtempSync(join(tmpdir(), "txsvc-client-"));
  try {
    const app = await build(loadConfig({ NETWORK: "devnet", LOG_LEVEL: "silent", DATA_DIR: dataDir }));
    try {
      await app.ready();
      // A copy: openapi-typescript annotates the object it reads.
      return JSON.parse(JSON.stringify(app.swagger())) as OpenAPI3;
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** operationId → method and path, for the client's runtime (the types say the rest). */
function operationTable(document: OpenAPI3): string {
  const rows: string[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = (item as Record<string, { operationId?: string } | undefined>)[method];
      if (!operation) continue;
      if (!operation.operationId)
        throw new Error(`${method.toUpperCase()} ${path} has no operationId: the client names operations by it`);
      rows.push(`  ${operation.operationId}: { method: "${method}", path: "${path}" },`);
    }
  }
  return [
    "/** Every operation's method and path, by operationId. */",
    "export const OPERATIONS = {",
    ...rows,
    "} as const satisfies { [K in keyof operations]: { method: string; path: string } };",
    "",
  ].join("\n");
}

/** The text of client/src/schema.ts for the document the service serves now. */
export async function generateClientSchema(): Promise<string> {
  const document = await servedOpenApi();
  const table = operationTable(document);
  const ast = await openapiTS(document, { silent: true, alphabetize: false });
  const header = [
    "// GENERATED FILE: do not edit. It is the service's OpenAPI document (as GET /v2/services/openapi.json",
    `// serves it on the devnet) turned into TypeScript by openapi-typescript; regenerate with \`${GENERATE_COMMAND}\``,
    "// (scripts/generate-client.ts). test/client/regeneration.test.ts fails when it is out of date.",
    "/* eslint-disable */",
    "",
  ].join("\n");
  return `${header}${astToString(ast)}\n${table}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  writeFileSync(SCHEMA_FILE, await generateClientSchema());
  process.stdout.write(`wrote ${SCHEMA_FILE}\n`);
}

// Two Ajv instances: JSON bodies are validated strictly (no type coercion: `true` is not a slot),
// while the query string and path parameters, which are always text, are coerced to their types.
import { Ajv, type Options } from "ajv";
import addFormats from "ajv-formats";
import type { FastifySchemaCompiler } from "fastify";

function makeAjv(coerceTypes: Options["coerceTypes"]): Ajv {
  const ajv = new Ajv({ coerceTypes, useDefaults: true, removeAdditional: false, allErrors: false, verbose: true, strict: false });
  (addFormats as unknown as (a: Ajv) => Ajv)(ajv);
  return ajv;
}

export function validatorCompiler(sharedSchemas: object[]): FastifySchemaCompiler<object> {
  const strict = makeAjv(false);
  const coercing = makeAjv(true);
  for (const schema of sharedSchemas) {
    strict.addSchema(schema);
    coercing.addSchema(schema);
  }
  return ({ schema, httpPart }) => (httpPart === "body" ? strict : coercing).compile(schema);
}

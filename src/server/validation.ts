// Two Ajv instances: JSON bodies are validated strictly (no type coercion: `true` is not a slot),
// while the query string and path parameters, which are always text, are coerced to their types.
// Fastify calls `buildValidator` once per encapsulation context with every schema added there by
// `app.addSchema` (its parents' included), so routes can `Type.Ref` any shared schema by its $id.
import { Ajv, type Options } from "ajv";
import addFormats from "ajv-formats";
import type { FastifySchemaCompiler, FastifyServerOptions } from "fastify";

function makeAjv(coerceTypes: Options["coerceTypes"]): Ajv {
  const ajv = new Ajv({ coerceTypes, useDefaults: true, removeAdditional: false, allErrors: false, verbose: true, strict: false });
  (addFormats as unknown as (a: Ajv) => Ajv)(ajv);
  return ajv;
}

/** The validator compiler for a set of shared schemas (an array, or Fastify's `{ $id: schema }` map). */
export function validatorCompiler(sharedSchemas: object[] | Record<string, unknown>): FastifySchemaCompiler<object> {
  const strict = makeAjv(false);
  const coercing = makeAjv(true);
  for (const schema of Object.values(sharedSchemas)) {
    strict.addSchema(schema as object);
    coercing.addSchema(schema as object);
  }
  return ({ schema, httpPart }) => (httpPart === "body" ? strict : coercing).compile(schema);
}

type ValidatorFactory = NonNullable<NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"]>["buildValidator"];

/** For Fastify's `schemaController.compilersFactory.buildValidator` (its declared type is Ajv's, hence the cast). */
export const buildValidator = ((externalSchemas: Record<string, unknown>) => validatorCompiler(externalSchemas)) as unknown as ValidatorFactory;

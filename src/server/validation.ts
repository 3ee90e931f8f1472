// Two Ajv instances: JSON bodies are validated strictly (no type coercion: `true` is not a slot),
// while the query string and path parameters, which are always text, are coerced to their types.
// Fastify calls `buildValidator` once per encapsulation context with every schema added there by
// `app.addSchema` (its parents' included), so routes can `Type.Ref` any shared schema by its $id.
//
// A route's validators are compiled when first needed, not when the route is registered: Ajv took
// about a second of every start to compile the ~70 schemas of the routes (the build request's
// alone ~100 ms), before the service could answer anything. Each is compiled at its route's first
// request, once; the schemas no request uses are never compiled.
import { Ajv, type Options, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { errorCodes, type FastifyRequest, type FastifySchemaCompiler, type FastifyServerOptions } from "fastify";
import { BadRequestError } from "../errors.js";

function makeAjv(coerceTypes: Options["coerceTypes"]): Ajv {
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: false,
    allErrors: false,
    verbose: true,
    strict: false,
  });
  // ajv-formats is CommonJS: its default import is typed as the module, but at run time it is the plugin function.
  (addFormats as unknown as (a: Ajv) => Ajv)(ajv);
  return ajv;
}

/**
 * Validators compiled in this process, shared by every app built in it over the same shared
 * schemas: Fastify hands each app's compiler copies of the schemas, so Ajv's own cache (by schema
 * object) never hit and a test process building a hundred apps compiled each route's validator a
 * hundred times (about 30 s of CPU over the fast suite). The key is the schema's JSON, which is
 * all Ajv reads of it; the entries are bounded by the routes' schemas (some 150).
 */
interface SharedCompilers {
  compile(schema: object, body: boolean): ValidateFunction;
}

const sharedCompilers = new Map<string, SharedCompilers>();
let ajvCompiles = 0;

/** How many schemas Ajv has compiled in this process (tests). */
export const ajvCompileCount = (): number => ajvCompiles;

function sharedCompilersFor(sharedSchemas: readonly object[]): SharedCompilers {
  const sharedKey = JSON.stringify(sharedSchemas);
  const known = sharedCompilers.get(sharedKey);
  if (known) return known;
  const strict = makeAjv(false);
  const coercing = makeAjv(true);
  for (const schema of sharedSchemas) {
    strict.addSchema(schema);
    coercing.addSchema(schema);
  }
  const compiled = new Map<string, ValidateFunction>();
  const compilers: SharedCompilers = {
    compile(schema, body) {
      const key = `${body ? "body" : "text"} ${JSON.stringify(schema)}`;
      let validate = compiled.get(key);
      if (!validate) {
        validate = (body ? strict : coercing).compile(schema);
        ajvCompiles++;
        compiled.set(key, validate);
      }
      return validate;
    },
  };
  sharedCompilers.set(sharedKey, compilers);
  return compilers;
}

/** A validator as Fastify calls it: Ajv's (data, its parent) → valid, with `errors` set when not. */
interface Validator {
  (data: unknown, context?: Parameters<ValidateFunction>[1]): boolean;
  errors?: ValidateFunction["errors"];
  schemaEnv?: true;
}

/**
 * The validator compilers of one app: each schema compiled on its first use.
 * `compiled` and `pending` count them (tests).
 */
export class LazyValidators {
  readonly #pending = new Set<() => void>();
  #compiled = 0;

  /** For Fastify's `schemaController.compilersFactory.buildValidator` (its declared type is Ajv's, hence the cast). */
  readonly buildValidator = ((externalSchemas: Record<string, unknown>) =>
    this.compilerFor(externalSchemas)) as unknown as ValidatorFactory;

  get compiled(): number {
    return this.#compiled;
  }

  get pending(): number {
    return this.#pending.size;
  }

  /** The validator compiler for a set of shared schemas (an array, or Fastify's `{ $id: schema }` map). */
  compilerFor(sharedSchemas: object[] | Record<string, unknown>): FastifySchemaCompiler<object> {
    let compilers: SharedCompilers | null = null;
    const shared = () => (compilers ??= sharedCompilersFor(Object.values(sharedSchemas) as object[]));
    return ({ schema, httpPart }) => this.#lazy(() => shared().compile(schema, httpPart === "body"));
  }

  #lazy(compile: () => ValidateFunction): Validator {
    let compiled: ValidateFunction | null = null;
    const ensure = (): ValidateFunction => {
      if (compiled) return compiled;
      compiled = compile();
      this.#pending.delete(ensure);
      this.#compiled++;
      return compiled;
    };
    this.#pending.add(ensure);
    const validate: Validator = (data, context) => {
      const ajvValidate = ensure();
      const valid = ajvValidate(data, context);
      validate.errors = ajvValidate.errors;
      return valid;
    };
    // Fastify passes the parent of the validated value only to a validator with a schemaEnv (an Ajv
    // one), which lets Ajv coerce or default the value itself (a query string of one value).
    validate.schemaEnv = true;
    return validate;
  }
}

type ValidatorFactory = NonNullable<
  NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"]
>["buildValidator"];

// ── JSON request bodies ──────────────────────────────────────────────────────────────────
// The only body parser (registered in app.ts): JSON.parse, then one iterative pass that refuses
// nesting deeper than MAX_JSON_DEPTH (domain code that recurses over metadata or Plutus data must
// never meet a body that overflows the stack) and prototype-poisoning keys (as secure-json-parse:
// `__proto__`, and `constructor` holding a `prototype`). Other media types are 415.

/** Objects and arrays nested deeper than this are refused with 400. */
export const MAX_JSON_DEPTH = 128;

/** Parses a JSON request body; throws a 400 coded error that says what is wrong. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === "") throw new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY({ cause: error });
  }
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (depth > MAX_JSON_DEPTH)
      throw new BadRequestError(`The request body is nested deeper than ${MAX_JSON_DEPTH} levels.`);
    if (Array.isArray(node)) {
      for (const item of node) if (item !== null && typeof item === "object") stack.push([item, depth + 1]);
      continue;
    }
    if (Object.prototype.hasOwnProperty.call(node, "__proto__")) {
      throw new BadRequestError('The request body contains the field name "__proto__", which is not accepted.');
    }
    for (const [key, item] of Object.entries(node)) {
      if (item === null || typeof item !== "object") continue;
      if (key === "constructor" && Object.prototype.hasOwnProperty.call(item, "prototype")) {
        throw new BadRequestError('The request body contains "constructor.prototype", which is not accepted.');
      }
      stack.push([item, depth + 1]);
    }
  }
  return value;
}

/** Fastify content-type parser for application/json (parseAs: "string"). */
export function jsonBodyParser(
  _request: FastifyRequest,
  body: string | Buffer,
  done: (error: Error | null, value?: unknown) => void,
): void {
  try {
    done(null, parseJsonBody(typeof body === "string" ? body : body.toString("utf8")));
  } catch (error) {
    done(error instanceof Error ? error : new Error(String(error)));
  }
}

// Reading the service's own OpenAPI document: its operations, $ref resolution, and the
// completeness rules every operation must meet (test/server/plugins/openapi.test.ts). The fuzz test
// (test/slow/fuzz-no-5xx.test.ts) uses the same operations list, so new routes are covered by both.

/**
 * A JSON Schema (2020-12, OpenAPI 3.1's dialect): the keywords the tests read. Values a schema
 * holds (`const`, `enum`, `default`, `examples`) are any JSON, so `unknown`.
 */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema | boolean;
  prefixItems?: Schema[];
  additionalProperties?: Schema | boolean;
  patternProperties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  not?: Schema;
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  examples?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
}

/** A named example (`examples: {name: {value}}`) of a media type or parameter. */
export interface Example {
  summary?: string;
  value?: unknown;
}

/** What carries examples: a media type or a parameter. */
export interface ExampleHolder {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, Example>;
}

export type MediaType = ExampleHolder;

export interface Parameter extends ExampleHolder {
  name: string;
  in: string;
  description?: string;
  required?: boolean;
}

export interface RequestBody {
  description?: string;
  required?: boolean;
  content?: Record<string, MediaType>;
}

export interface Response {
  description?: string;
  content?: Record<string, MediaType>;
}

/** An operation object of the document (what `Operation.op` holds). */
export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: RequestBody;
  responses?: Record<string, Response>;
  security?: Record<string, string[]>[];
}

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"] as const;
type Method = (typeof METHODS)[number];
const isMethod = (key: string): key is Method => (METHODS as readonly string[]).includes(key);

/** A path of the document: an operation per method (and the path's own summary, parameters...). */
export type PathItem = { [M in Method]?: OperationObject } & { summary?: string; parameters?: Parameter[] };

export interface SecurityScheme {
  type?: string;
  in?: string;
  name?: string;
  description?: string;
}

export interface OpenApiDocument {
  openapi: string;
  tags?: { name: string; description?: string }[];
  paths: Record<string, PathItem>;
  components?: { schemas?: Record<string, Schema>; securitySchemes?: Record<string, SecurityScheme> };
  security?: Record<string, string[]>[];
}

export interface Operation {
  method: string;
  path: string;
  op: OperationObject;
}

/** What GET /openapi.json answers (`service.request<OpenApiAnswer>("GET", "/openapi.json")`): the document itself. */
export interface OpenApiAnswer {
  status: number;
  headers: Headers;
  body: OpenApiDocument;
}

/** A JSON object (not an array, not null). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter(isMethod)
      .map((method) => ({ method: method.toUpperCase(), path, op: item[method]! })),
  );
}

/** Follows `#/components/schemas/X` references; returns the schema itself otherwise. */
export function deref(document: OpenApiDocument, schema: Schema): Schema {
  let current = schema;
  for (let hops = 0; typeof current.$ref === "string"; hops++) {
    if (hops > 20) throw new Error(`reference loop at ${String(schema.$ref)}`);
    const match = /^#\/components\/schemas\/(.+)$/.exec(current.$ref);
    const target = match ? document.components?.schemas?.[decodeURIComponent(match[1]!)] : undefined;
    if (!target) throw new Error(`unresolvable reference ${String(current.$ref)}`);
    current = target;
  }
  return current;
}

/** The JSON schema of an operation's request body, or undefined. */
export function requestSchema(operation: Operation): Schema | undefined {
  return operation.op.requestBody?.content?.["application/json"]?.schema;
}

/** The operation's parameters of one location ("path", "query", "header"). */
export function parameters(operation: Operation, location: string): Parameter[] {
  return (operation.op.parameters ?? []).filter((p) => p.in === location);
}

export const isPublic = (document: OpenApiDocument, operation: Operation): boolean =>
  Array.isArray(operation.op.security) ? operation.op.security.length === 0 : (document.security ?? []).length === 0;

const hasText = (value: unknown): boolean => typeof value === "string" && value.trim().length > 0;

/**
 * Every object property below `schema` (request or response, $refs followed) must carry a
 * description, on the property itself or on the schema it references. Appends problems.
 */
function checkSchema(
  document: OpenApiDocument,
  schema: Schema | undefined,
  where: string,
  problems: string[],
  seen: Set<string>,
): void {
  if (!schema || typeof schema !== "object") return;
  if (typeof schema.$ref === "string") {
    if (seen.has(schema.$ref)) return;
    seen.add(schema.$ref);
    let target: Schema;
    try {
      target = deref(document, schema);
    } catch (error) {
      problems.push(`${where}: ${(error as Error).message}`);
      return;
    }
    checkSchema(document, target, `${where}→${schema.$ref.split("/").pop()}`, problems, seen);
    return;
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const at = `${where}.${name}`;
    let described = hasText(property?.description);
    if (!described && typeof property?.$ref === "string") {
      try {
        described = hasText(deref(document, property).description);
      } catch {
        // reported when the property is walked
      }
    }
    if (!described) problems.push(`${at} has no description`);
    checkSchema(document, property, at, problems, seen);
  }
  for (const key of ["anyOf", "oneOf", "allOf", "prefixItems"] as const) {
    const branches = schema[key];
    if (Array.isArray(branches))
      branches.forEach((branch, i) => checkSchema(document, branch, `${where}(${key}[${i}])`, problems, seen));
  }
  if (schema.items && typeof schema.items === "object")
    checkSchema(document, schema.items, `${where}[]`, problems, seen);
  if (schema.additionalProperties && typeof schema.additionalProperties === "object") {
    checkSchema(document, schema.additionalProperties, `${where}{*}`, problems, seen);
  }
  for (const [pattern, sub] of Object.entries(schema.patternProperties ?? {})) {
    checkSchema(document, sub, `${where}{${pattern}}`, problems, seen);
  }
  if (schema.not) checkSchema(document, schema.not, `${where}(not)`, problems, seen);
}

/**
 * The examples of a media type or parameter: its own `example`/`examples`, else its schema's
 * `examples` ($refs followed), which is where Swagger UI also finds them.
 */
/** A response's media: JSON, or plain text for the few text answers (GET /metrics). */
const mediaOf = (response: Response): MediaType | undefined =>
  response.content?.["application/json"] ?? response.content?.["text/plain"] ?? response.content?.["text/event-stream"];

export function examplesOf(holder: ExampleHolder | undefined, document: OpenApiDocument): unknown[] {
  if (!holder || typeof holder !== "object") return [];
  if ("example" in holder) return [holder.example];
  if (holder.examples && typeof holder.examples === "object")
    return Object.values(holder.examples).map((e) => e?.value);
  let schema: Schema | undefined;
  try {
    schema = holder.schema && deref(document, holder.schema);
  } catch {
    return [];
  }
  return Array.isArray(schema?.examples) ? schema.examples : [];
}

const hasExample = (holder: ExampleHolder | undefined, document: OpenApiDocument): boolean =>
  examplesOf(holder, document).length > 0;

/** Error statuses whose body is not ErrorBody by design (API.md): health reports itself with 503. */
const NON_ERRORBODY_ERRORS = new Set(["GET /v2/services/health 503", "GET /health 503"]);

const isErrorBodyRef = (schema: Schema | undefined): boolean => schema?.$ref === "#/components/schemas/ErrorBody";

/** Everything the completeness rules find wrong with one operation. */
export function checkOperation(document: OpenApiDocument, operation: Operation): string[] {
  const { op } = operation;
  const name = `${operation.method} ${operation.path}`;
  const problems: string[] = [];
  const declaredTags = new Map((document.tags ?? []).map((t) => [t.name, t.description]));
  if (!hasText(op.summary)) problems.push("no summary");
  if (!hasText(op.description)) problems.push("no description");
  if (!Array.isArray(op.tags) || op.tags.length === 0) problems.push("no tags");
  for (const tag of op.tags ?? []) {
    if (!declaredTags.has(tag))
      problems.push(`tag "${tag}" is not in the document's tags list (OPENAPI_TAGS in src/server/plugins/openapi.ts)`);
  }

  for (const parameter of op.parameters ?? []) {
    const at = `${parameter.in} parameter ${parameter.name}`;
    if (!hasText(parameter.description) && !hasText(parameter.schema?.description))
      problems.push(`${at} has no description`);
    checkSchema(document, parameter.schema, at, problems, new Set());
  }
  const body = op.requestBody;
  if (body) {
    const schema = body.content?.["application/json"]?.schema;
    if (!schema) problems.push("request body has no application/json schema");
    else checkSchema(document, schema, "body", problems, new Set());
  }

  const responses = op.responses ?? {};
  const statuses = Object.keys(responses);
  const success = statuses.filter((s) => /^2\d\d$/.test(s));
  if (success.length === 0) problems.push("documents no 2xx response");
  for (const status of success) {
    const response = responses[status]!;
    if (status !== "204" && !mediaOf(response)?.schema) problems.push(`${status} response has no JSON schema`);
  }
  if (!/^[a-z][a-zA-Z0-9]*$/.test(op.operationId ?? ""))
    problems.push("no camelCase operationId (e.g. buildTransaction)");
  if (body && !hasExample(body.content?.["application/json"], document)) problems.push("request body has no example");
  for (const parameter of op.parameters ?? []) {
    if (parameter.required && !hasExample(parameter, document))
      problems.push(`${parameter.in} parameter ${parameter.name} has no example`);
  }
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    if (status !== "204" && !hasExample(mediaOf(response), document))
      problems.push(`${status} response has no example`);
  }
  const takesInput = body !== undefined || (op.parameters ?? []).length > 0;
  const required = new Set<string>();
  if (takesInput) required.add("400");
  if (body !== undefined) ["413", "415"].forEach((s) => required.add(s));
  // A keyed operation: a missing or bad key (401), a quota (429), the key store down (503).
  if (!isPublic(document, operation)) ["401", "429", "503"].forEach((s) => required.add(s));
  for (const status of required) if (!responses[status]) problems.push(`does not document ${status}`);

  for (const [status, response] of Object.entries(responses)) {
    if (!hasText(response.description) || response.description === "Default Response") {
      problems.push(`${status} response has no description (give the response schema a description)`);
    }
    const schema = response.content?.["application/json"]?.schema;
    if (/^[45]\d\d$/.test(status) && !NON_ERRORBODY_ERRORS.has(`${name} ${status}`)) {
      if (!isErrorBodyRef(schema))
        problems.push(
          `${status} response does not reference ErrorBody (use errorResponses() from src/server/schemas.ts)`,
        );
    } else if (schema) {
      checkSchema(document, schema, `${status} response`, problems, new Set());
    }
  }
  return problems.map((p) => `${name}: ${p}`);
}

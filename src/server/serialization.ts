// Response serializers (fast-json-stringify, as Fastify's default), compiled once per process and
// when first needed. Fastify builds a serializer for every response schema of every route when a
// route is registered, and again for every app built in the process: some 300 per app, about
// 40 ms of CPU per app and 10 s over the fast test suite, most of them for answers (errors of
// rare statuses) that are never sent. Here each is compiled at its first answer, and shared by
// every app whose schemas are the same (the key is the schema's JSON with the shared schemas' JSON,
// all fast-json-stringify reads of them); the entries are bounded by the routes' schemas.
import build from "fast-json-stringify";
import type { FastifyServerOptions } from "fastify";

type Serialize = (data: unknown) => string;
/** fast-json-stringify's build, for any schema: its overloads are by schema type, the routes' schemas are TypeBox objects. */
const compile = build as unknown as (
  schema: object,
  options: Omit<build.Options, "schema"> & { schema: object },
) => Serialize;

const serializers = new Map<string, Serialize>();
let compiles = 0;

/** How many response serializers fast-json-stringify has compiled in this process (tests). */
export const serializerCompileCount = (): number => compiles;

/** Fastify's `compilersFactory.buildSerializer`: one compiler per encapsulation context. */
function buildSerializer(externalSchemas: Record<string, unknown>, options: build.Options | undefined) {
  let sharedKey: string | undefined;
  return ({ schema }: { schema: { $id?: string } }): Serialize => {
    let serialize: Serialize | undefined;
    return (data) => {
      if (!serialize) {
        sharedKey ??= JSON.stringify([externalSchemas, options ?? {}]);
        const key = `${sharedKey} ${JSON.stringify(schema)}`;
        serialize = serializers.get(key);
        if (!serialize) {
          // As @fastify/fast-json-stringify-compiler: a schema that is itself a shared one is not
          // also given as an external schema (fast-json-stringify would see its $id twice).
          const external = { ...externalSchemas };
          if (schema.$id !== undefined) delete external[schema.$id];
          serialize = compile(schema, { ...options, schema: external });
          compiles++;
          serializers.set(key, serialize);
        }
      }
      return serialize(data);
    };
  };
}

export const sharedSerializers = buildSerializer as unknown as NonNullable<
  NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"]
>["buildSerializer"];

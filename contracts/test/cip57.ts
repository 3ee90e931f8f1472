// Plutus data against a CIP-57 schema, for the blueprint tests of v2.1 (blueprint.test.ts) and v3
// (v3/blueprint.test.ts).
import type { UplcData } from "@helios-lang/uplc";

/** Checks Plutus data against a CIP-57 schema (the subset the blueprint uses). */
export function conforms(
  data: UplcData,
  schema: Record<string, unknown>,
  defs: Record<string, Record<string, unknown>>,
): boolean {
  const ref = schema["$ref"];
  if (typeof ref === "string") return conforms(data, defs[ref.replace("#/definitions/", "")]!, defs);
  if (Array.isArray(schema["anyOf"]))
    return (schema["anyOf"] as Record<string, unknown>[]).some((s) => conforms(data, s, defs));
  switch (schema["dataType"]) {
    case "bytes":
      return data.kind === "bytes";
    case "integer":
      return data.kind === "int";
    case "constructor": {
      const fields = schema["fields"] as Record<string, unknown>[];
      return (
        data.kind === "constr" &&
        Number(data.tag) === schema["index"] &&
        data.fields.length === fields.length &&
        fields.every((f, i) => conforms(data.fields[i]!, f, defs))
      );
    }
    case "list": {
      if (data.kind !== "list") return false;
      const items = schema["items"];
      if (Array.isArray(items))
        return (
          data.items.length === items.length &&
          items.every((it, i) => conforms(data.items[i]!, it as Record<string, unknown>, defs))
        );
      return data.items.every((it) => conforms(it, items as Record<string, unknown>, defs));
    }
    default:
      return false;
  }
}

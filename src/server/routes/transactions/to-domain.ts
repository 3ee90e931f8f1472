// The typed build request → the domain's BuildRequest (src/tx/request.ts), so that the compiler
// checks that the wire schema and the domain input agree. Where the wire form is wider than the
// domain's type, the difference is resolved here, named in a comment. Addresses pass as sent: the
// domain checks them and takes bech32 and hex alike.
import type { Static } from "typebox";
import { BadRequestError } from "../../../errors.js";
import type { BuildRequest, DatumRequest, NativeScriptJson, OutputRequest } from "../../../tx/request.js";
import type { BuildBody, NativeScriptBody, TxParams } from "./schemas.js";

type PreloadedScriptBody = NonNullable<BuildBody["preloadedScripts"]>[number];
type PreloadedScript = NonNullable<BuildRequest["preloadedScripts"]>[number];
type OutputBody = NonNullable<BuildBody["outputs"]>[number];
type DatumBody = NonNullable<OutputBody["datum"]>;

/** The schema checked that a datum value that is not hex is a JSON object; the copy has the domain's record type. */
const datumOf = (datum: DatumBody): DatumRequest => ({ type: datum.type, value: typeof datum.value === "string" ? datum.value : { ...datum.value } });

const outputOf = (output: OutputBody): OutputRequest => {
  const { datum, ...rest } = output;
  return datum === undefined ? rest : { ...rest, datum: datumOf(datum) };
};

/**
 * The schema lets atLeast leave out `required` (one object describes all, any and atLeast); the
 * domain's NativeScriptJson needs it, so a missing one is refused here, naming the node.
 */
function nativeScriptOf(node: NativeScriptBody, field: string): NativeScriptJson {
  switch (node.type) {
    case "sig":
      return { type: "sig", keyHash: node.keyHash };
    case "before":
    case "after":
      return { type: node.type, slot: node.slot };
    case "all":
    case "any":
      return { type: node.type, scripts: node.scripts.map((s, i) => nativeScriptOf(s, `${field}.scripts[${i}]`)) };
    case "atLeast":
      if (node.required === undefined) throw new BadRequestError(`${field}.required is missing: an atLeast script says how many of its scripts must hold.`);
      return { type: "atLeast", required: node.required, scripts: node.scripts.map((s, i) => nativeScriptOf(s, `${field}.scripts[${i}]`)) };
  }
}

/**
 * The schema takes preloaded scripts of any type, so that another type (the hosted API's Plutus
 * scripts) is refused by name rather than as a schema mismatch; the domain's BuildRequest holds
 * native ones only.
 */
function preloadedScriptOf(entry: PreloadedScriptBody, i: number): PreloadedScript {
  if (entry.type !== "simple" || !("script" in entry)) {
    throw new BadRequestError(`body.preloadedScripts[${i}].type "${entry.type}" is not supported: this endpoint attaches native scripts ({type:"simple", script, hash}) only.`);
  }
  return { type: "simple", script: nativeScriptOf(entry.script, `body.preloadedScripts[${i}].script`), hash: entry.hash };
}

/** Unknown fields stay in the request: the domain refuses the hosted API's features it does not build by name. */
export function buildRequest(body: BuildBody): BuildRequest {
  const { outputs, preloadedScripts, ...rest } = body;
  return {
    ...rest,
    ...(outputs ? { outputs: outputs.map(outputOf) } : {}),
    ...(preloadedScripts ? { preloadedScripts: preloadedScripts.map(preloadedScriptOf) } : {}),
  };
}

/** The transaction id of a status query, in the lowercase the chain port answers with. */
export const txHashOf = (params: Static<typeof TxParams>): string => params.txHash.toLowerCase();

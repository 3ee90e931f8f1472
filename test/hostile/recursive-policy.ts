// A Plutus V2 minting policy that recurses as many times as its redeemer says (an integer), then
// succeeds: the attack of issue #20 (item 1), one script for every depth. Compiled here from
// Helios's intermediate code, so that no fixture file stands between the test and the program.
import { compile, DEFAULT_PARSE_OPTIONS } from "@helios-lang/ir";
import { plutusScriptHash, unwrapScript, wrapScript } from "../../src/blueprints/blueprint.js";

const IR_OPTIONS = { ...DEFAULT_PARSE_OPTIONS, builtinsPrefix: "__core__", errorPrefix: "", paramPrefix: "__" };

/** (redeemer, context) -> loop(unIData(redeemer)), loop counting down to `stop` by self-application. */
const ir = (stop: number) => `(__r, __ctx) -> {
    (__loop) -> {
        __loop(__loop, __core__unIData(__r))
    }(
        (__self, __n) -> {
            __core__ifThenElse(
                __core__equalsInteger(__n, ${stop}),
                () -> {()},
                () -> {__self(__self, __core__subtractInteger(__n, 1))}
            )()
        }
    )
}`;

export interface RecursivePolicy {
  readonly hash: string;
  /** The script as a blueprint's compiledCode: flat UPLC in one CBOR byte string, hex. */
  readonly compiledCode: string;
  /** A CIP-57 blueprint holding the policy, as preloadedScripts and POST /blueprints take it. */
  readonly blueprint: object;
}

/** The policy; another `stop` (where the count ends) gives another script, hence another policy id. */
export function recursivePolicy(stop = 0): RecursivePolicy {
  const uplc = compile(ir(stop), { optimize: false, parseOptions: IR_OPTIONS });
  const script = unwrapScript(Uint8Array.from(uplc.toCbor()));
  if (script === undefined) throw new Error("the recursive policy did not compile to a Plutus script");
  const compiledCode = wrapScript(script.flat, 1);
  const hash = plutusScriptHash(compiledCode, "V2");
  const blueprint = {
    preamble: { title: "hostile/recursion", version: "0.0.0", plutusVersion: "v2" },
    validators: [
      { title: "recursion.mint", redeemer: { title: "depth", schema: { dataType: "integer" } }, compiledCode, hash },
    ],
  };
  return { hash, compiledCode, blueprint };
}

// Phase 3: planned outputs → outputs with their lovelace settled. An output without lovelace gets
// the ledger minimum (coinsPerUTxOByte × (160 + size), the size as the builder writes it); an
// explicit amount below it is a 400, because the ledger would refuse it.
import type { Output, Protocol } from "../../cardano/types.js";
import { CborWriter } from "../../cardano/cbor.js";
import { describeLovelace } from "../../cardano/amount.js";
import { minLovelace, writeValue } from "../../cardano/tx-encode.js";
import { valueOf } from "../../cardano/value.js";
import { BadRequestError, refusal } from "../../errors.js";
import type { PlannedOutput } from "./request.js";

function meshOutput(output: PlannedOutput, lovelace: bigint): Output {
  const mesh: Output = { address: output.address, value: valueOf(lovelace, output.assets) };
  if (output.datum) {
    mesh.datum = {
      type: output.datum.kind === "inline" ? "Inline" : "Embedded",
      data: { type: "CBOR", content: output.datum.cbor },
    };
  }
  // The core writes a reference script's code into script_ref as it is: the blueprint's compiledCode.
  if (output.referenceScript)
    mesh.referenceScript = { version: output.referenceScript.version, code: output.referenceScript.compiledCode };
  return mesh;
}

/** The ledger minimum of lovelace for this output (its coin encoded at the minimum's own size). */
function minLovelaceOf(output: PlannedOutput, params: Protocol): bigint {
  return minLovelace(meshOutput(output, 0n), params.coinsPerUtxoSize);
}

/** The ledger caps the serialized value (lovelace and assets) of one output at maxValSize bytes. */
function checkValueSize(output: Output, field: string, params: Protocol): void {
  const size = writeValue(new CborWriter(), output.value).length;
  const max = Number(params.maxValSize);
  if (size > max) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at(field)} carries a value of ${size} bytes, more than the ledger's maximum of ${max} bytes per output: split its assets over several outputs.`,
    );
  }
}

/** Settles each output's lovelace; explicit amounts below the minimum are refused with the minimum. */
export function settleOutputs(outputs: readonly PlannedOutput[], params: Protocol): Output[] {
  return outputs.map((output) => {
    checkValueSize(meshOutput(output, 0n), output.field, params);
    if (output.lovelace === null) return meshOutput(output, minLovelaceOf(output, params));
    const min = minLovelaceOf(output, params);
    if (output.lovelace < min) {
      const lovelace = output.lovelace;
      throw refusal(
        BadRequestError,
        (at) =>
          `${at(`${output.field}.lovelace`)} is ${describeLovelace(lovelace)}, below the ledger minimum for this output of ${describeLovelace(min)}: ` +
          `send at least ${min}, or leave lovelace out to get the minimum.`,
      );
    }
    return meshOutput(output, output.lovelace);
  });
}

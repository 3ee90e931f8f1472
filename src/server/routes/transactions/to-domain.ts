// The typed transaction requests → the domain's inputs. The wire type is the TypeBox schema alone
// (Static<typeof BuildBody>); buildIntent reads what is read once, here, into the domain's
// BuildIntent (src/tx/build/request.ts): every address (changeAddress, outputs, mint destAddress,
// delegations) into an Address checked against this network, the UTxO strings into UTxOs, the key
// hashes into their brand. The rest of the body passes on as the schema typed it: the compiler
// checks that it is what the intent takes. Errors name the body's fields by their path in it.
import type { Static } from "typebox";
import { outputAddressOn, readAddress } from "../../../cardano/address-rules.js";
import { parseKeyHash, parseTxHash, type TxHash } from "../../../cardano/brands.js";
import { decodeUtxos, requireUtxoWithinLimits } from "../../../cardano/utxo.js";
import type { Network } from "../../../config.js";
import type { BuildIntent } from "../../../tx/build/request.js";
import type { BuildBody, TxParams } from "./schemas.js";

/** The transaction id of a status query, in the lowercase the chain port answers with. */
export const txHashOf = (params: Static<typeof TxParams>): TxHash => parseTxHash(params.txHash);

/** POST /transactions/build's body → the domain's build intent, in the order its errors take precedence. */
export function buildIntent(network: Network, body: Static<typeof BuildBody>): BuildIntent {
  const changeAddress = outputAddressOn(network, body.changeAddress, "changeAddress");
  const outputs = body.outputs?.map((output, i) => ({
    ...output,
    address: outputAddressOn(network, output.address, `outputs[${i}].address`),
  }));
  const mint = body.mint?.map((item, i) => ({
    ...item,
    destAddress:
      item.destAddress === undefined ? undefined : outputAddressOn(network, item.destAddress, `mint[${i}].destAddress`),
  }));
  const requiredInputs = decodeUtxos(body.requiredInputs ?? [], "requiredInputs");
  requiredInputs.forEach((utxo, i) => requireUtxoWithinLimits(utxo, `requiredInputs[${i}]`));
  return {
    ...body,
    changeAddress,
    outputs,
    mint,
    // An empty list means "not given", as the hosted API's examples send it.
    utxos: body.utxos === undefined || body.utxos.length === 0 ? null : decodeUtxos(body.utxos, "utxos"),
    requiredInputs,
    requiredSigners: body.requiredSigners?.map(parseKeyHash),
    delegations: body.delegations?.map((entry, i) => ({
      ...entry,
      address: readAddress(entry.address, `delegations[${i}].address`),
    })),
  };
}

// The typed transaction requests → the domain's inputs. The wire type is the TypeBox schema alone
// (Static<typeof BuildBody>); buildIntent reads what is read once, here, into the domain's
// BuildIntent (src/tx/build/request.ts): every address (changeAddress, outputs, mint destAddress,
// delegations) into an Address checked against this network, the UTxO strings into UTxOs, the key
// hashes into their brand; then the quantities (outputs' lovelace and assets, mints) into bigints
// within the ledger's ranges, and the datums and redeemers given as CBOR or detailed-schema JSON
// into checked CBOR (JSON of a blueprint's schema waits for planning, which has the scripts). The
// rest of the body passes on as the schema typed it: the compiler checks that it is what the
// intent takes. Errors name the body's fields by their path in it.
import type { Static } from "typebox";
import { outputAddressOn, readAddress } from "../../../cardano/address-rules.js";
import { parseKeyHash, parseTxHash, type TxHash } from "../../../cardano/brands.js";
import { parseAmount } from "../../../cardano/amount.js";
import { decodeUtxos, requireUtxoWithinLimits } from "../../../cardano/utxo.js";
import type { Network } from "../../../config.js";
import { plutusCbor, readDatum } from "../../../tx/build/datum.js";
import type { Address } from "../../../cardano/addresses.js";
import type { BuildIntent, DataIntent, MintIntent, OutputIntent } from "../../../tx/build/request.js";
import type { BuildBody, TxParams } from "./schemas.js";

/** The transaction id of a status query, in the lowercase the chain port answers with. */
export const txHashOf = (params: Static<typeof TxParams>): TxHash => parseTxHash(params.txHash);

type Body = Static<typeof BuildBody>;
type WireOutput = NonNullable<Body["outputs"]>[number];
type WireInteraction = NonNullable<Body["scriptInteractions"]>[number];

/** POST /transactions/build's body → the domain's build intent, in the order its errors take precedence. */
export function buildIntent(network: Network, body: Body): BuildIntent {
  const changeAddress = outputAddressOn(network, body.changeAddress, "changeAddress");
  const outputAddresses = body.outputs?.map((output, i) =>
    outputAddressOn(network, output.address, `outputs[${i}].address`),
  );
  const destAddresses = body.mint?.map((item, i) =>
    item.destAddress === undefined ? undefined : outputAddressOn(network, item.destAddress, `mint[${i}].destAddress`),
  );
  const requiredInputs = decodeUtxos(body.requiredInputs ?? [], "requiredInputs");
  requiredInputs.forEach((utxo, i) => requireUtxoWithinLimits(utxo, `requiredInputs[${i}]`));
  // An empty list means "not given", as the hosted API's examples send it.
  const utxos = body.utxos === undefined || body.utxos.length === 0 ? null : decodeUtxos(body.utxos, "utxos");
  const delegations = body.delegations?.map((entry, i) => ({
    ...entry,
    address: readAddress(entry.address, `delegations[${i}].address`),
  }));
  const outputs = body.outputs?.map((output, i) => outputIntent(output, outputAddresses![i]!, `outputs[${i}]`));
  const mint = body.mint?.map((item, i): MintIntent => ({
    ...item,
    quantity: parseAmount(item.quantity, `mint[${i}].quantity`, { signed: true }),
    destAddress: destAddresses![i],
  }));
  return {
    ...body,
    changeAddress,
    outputs,
    mint,
    utxos,
    requiredInputs,
    requiredSigners: body.requiredSigners?.map(parseKeyHash),
    delegations,
    scriptInteractions: body.scriptInteractions?.map((interaction, i) =>
      interactionIntent(interaction, `scriptInteractions[${i}]`),
    ),
  };
}

/** `outputs[i]`: its quantities read, its datum (CBOR or detailed-schema JSON) read into checked CBOR. */
function outputIntent(output: WireOutput, address: Address, field: string): OutputIntent {
  const { lovelace, assets, datum } = output;
  return {
    address,
    ...(assets && {
      assets: assets.map((asset, j) => ({
        ...asset,
        quantity: parseAmount(asset.quantity, `${field}.assets[${j}].quantity`),
      })),
    }),
    ...(lovelace !== undefined && { lovelace: parseAmount(lovelace, `${field}.lovelace`) }),
    ...(datum && { datum: datum.type === "script" ? datum : readDatum(datum, `${field}.datum`) }),
  };
}

/** `scriptInteractions[i]`: its redeemer and datum, given as CBOR, read into checked CBOR; JSON of the schema waits for planning. */
function interactionIntent(
  interaction: WireInteraction,
  field: string,
): NonNullable<BuildIntent["scriptInteractions"]>[number] {
  const { redeemer, datum, ...rest } = interaction;
  const redeemerIntent: DataIntent | undefined =
    redeemer === undefined
      ? undefined
      : typeof redeemer === "string"
        ? { type: "cbor", cbor: plutusCbor(redeemer, `${field}.redeemer`) }
        : redeemer.type === "cbor"
          ? { type: "cbor", cbor: plutusCbor(redeemer.value, `${field}.redeemer.value`) }
          : { type: "json", value: redeemer.value };
  const datumIntent: DataIntent | undefined =
    datum === undefined
      ? undefined
      : typeof datum === "string"
        ? { type: "cbor", cbor: plutusCbor(datum, `${field}.datum`) }
        : { type: "json", value: datum };
  return {
    ...rest,
    ...(redeemerIntent && { redeemer: redeemerIntent }),
    ...(datumIntent && { datum: datumIntent }),
  };
}

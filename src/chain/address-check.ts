// The check every chain query and payment makes on an address: it must be a Shelley address
// that can hold UTxOs (base, pointer or enterprise) of this instance's network family. The
// devnet, preview and preprod are testnets (network id 0); mainnet is network id 1.
import { Address, AddressType } from "@meshsdk/core-cst";
import { familyOf, type Network } from "../config.js";
import { BadRequestError } from "../errors.js";

const HOLDS_UTXOS = new Set<AddressType>([
  AddressType.BasePaymentKeyStakeKey,
  AddressType.BasePaymentScriptStakeKey,
  AddressType.BasePaymentKeyStakeScript,
  AddressType.BasePaymentScriptStakeScript,
  AddressType.PointerKey,
  AddressType.PointerScript,
  AddressType.EnterpriseKey,
  AddressType.EnterpriseScript,
]);

/** The bech32 form of `address` (bech32 or hex), or a 400 naming `field` and what is wrong. */
export function paymentAddressOn(network: Network, address: string, field: string): string {
  const parsed = Address.fromString(address);
  if (!parsed) throw new BadRequestError(`${field} is not a Cardano address (bech32 or hex).`);
  const type = parsed.getType();
  if (type === AddressType.Byron) throw new BadRequestError(`${field} is a Byron address; use a Shelley address (base, pointer or enterprise).`);
  if (!HOLDS_UTXOS.has(type)) throw new BadRequestError(`${field} is a reward (stake) address, which holds no UTxOs; use a payment address.`);
  const family = familyOf(network);
  const expected = family === "mainnet" ? 1 : 0;
  if (parsed.getNetworkId() !== expected) {
    throw new BadRequestError(
      `${field} is a ${expected === 1 ? "testnet" : "mainnet"} address, but this instance serves ${network} (a ${family} network, network id ${expected}).`,
    );
  }
  return parsed.toBech32();
}

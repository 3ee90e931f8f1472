// The UTxO query's path → the bech32 address the chain port reads (errors name the path's field `address`).
import type { Static } from "typebox";
import { paymentAddressOn } from "../../../cardano/address-rules.js";
import type { Network } from "../../../config.js";
import type { AddressParams } from "./schemas.js";

export const utxoQueryAddress = (network: Network, params: Static<typeof AddressParams>): string =>
  paymentAddressOn(network, params.address, "address").bech32;

// The UTxO query's schemas, and the address and UTxO-string fields every area's bodies use.
import { Type } from "typebox";
import { Hex } from "../../schemas.js";

/** An address field: bech32 or hex, checked by the route (paymentAddressOn or the domain). */
export const Address = (description: string) => Type.String({ minLength: 1, maxLength: 200, description });

/** A UTxO in a request: what GET /addresses/{address}/utxos answers and CIP-30 getUtxos() returns. */
export const UtxoString = Hex("A UTxO string: the CBOR of [input, output], as CIP-30 getUtxos() returns it.", { minLength: 2 });

export const AddressParams = Type.Object({ address: Address("A payment address (bech32 or hex) of this instance's network family.") });

export const UtxosResponse = Type.Object(
  {
    utxos: Type.Array(Hex("A UTxO string: the CBOR of [input, output], as CIP-30 getUtxos() returns it."), {
      description: "The unspent outputs at the address, ready to pass as `utxos` to the build endpoints.",
    }),
  },
  { description: "The UTxOs at the address." },
);

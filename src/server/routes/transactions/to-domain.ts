// The typed transaction requests → the domain's inputs. The build body is the domain's
// BuildRequest as it is (src/tx/build/request.ts is as wide as the schema: the compiler checks that they
// agree where the route hands the body over); addresses pass as sent, and the domain checks them
// and takes bech32 and hex alike, as it refuses the hosted API's features it does not build by name.
import type { Static } from "typebox";
import type { TxParams } from "./schemas.js";

/** The transaction id of a status query, in the lowercase the chain port answers with. */
export const txHashOf = (params: Static<typeof TxParams>): string => params.txHash.toLowerCase();

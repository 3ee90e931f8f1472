// The devnet's faucet: genesis funds one enterprise address whose key the devnet generated for
// itself (once per DATA_DIR) and uses for nothing but faucet payments. It is never a user's key.
import { randomBytes } from "node:crypto";
import type { UTxO } from "../../cardano/types.js";
import { balanceTransaction, draftOf } from "../../txcore/balance.js";
import { signTransaction, SigningKey } from "../../cardano/sign.js";
import { toHex } from "../../cardano/tx-cbor.js";
import { valueOf } from "../../cardano/value.js";
import { BadRequestError, refusal } from "../../errors.js";
import { DEVNET_PROTOCOL_PARAMETERS } from "../protocol-params.js";

/** Lovelace at the faucet address at genesis: 45 billion ADA, the maximum supply. */
export const GENESIS_LOVELACE = 45_000_000_000_000_000n;

/** A fresh 32-byte Ed25519 signing key, hex. */
export const generateFaucetKey = (): string => randomBytes(32).toString("hex");

export class Faucet {
  /** The enterprise address of the faucet's key on the devnet (network id 0). */
  readonly address: string;
  readonly #key: SigningKey;

  private constructor(key: SigningKey) {
    this.#key = key;
    this.address = key.enterpriseAddress(0);
  }

  static async create(signingKeyHex: string): Promise<Faucet> {
    return new Faucet(SigningKey.fromHex(signingKeyHex));
  }

  /** Builds and signs a payment of `lovelace` to `address` from the faucet's UTxOs. */
  async pay(address: string, lovelace: bigint, faucetUtxos: readonly UTxO[]): Promise<string> {
    const holding = faucetUtxos.reduce(
      (sum, u) => sum + BigInt(u.output.amount.find((a) => a.unit === "lovelace")?.quantity ?? "0"),
      0n,
    );
    // Leave room for the fee and the change output.
    if (lovelace + 5_000_000n > holding) {
      throw refusal(
        BadRequestError,
        (at) => `${at("lovelace")} is more than the faucet holds: it has ${holding} lovelace left.`,
      );
    }
    const tx = balanceTransaction(draftOf({ outputs: [{ address, value: valueOf(lovelace) }] }), {
      pool: faucetUtxos,
      changeAddress: this.address,
      params: DEVNET_PROTOCOL_PARAMETERS,
    });
    return toHex(signTransaction(tx.cbor, this.#key));
  }
}

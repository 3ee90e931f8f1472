// The devnet's faucet: genesis funds one enterprise address whose key the devnet generated for
// itself (once per DATA_DIR) and uses for nothing but faucet payments. It is never a user's key.
import { randomBytes } from "node:crypto";
import type { UTxO } from "../../cardano/types.js";
import type { Address } from "../../cardano/addresses.js";
import { knownAddress } from "../../cardano/address-rules.js";
import { shelleyAddressOf } from "../../cardano/credential-address.js";
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
  /** The same, where the change goes. */
  readonly #change: Address;
  readonly #key: SigningKey;

  private constructor(key: SigningKey) {
    this.#key = key;
    this.#change = shelleyAddressOf({ hash: key.keyHash, isScript: false }, undefined, 0);
    this.address = this.#change.bech32;
  }

  static async create(signingKeyHex: string): Promise<Faucet> {
    return new Faucet(SigningKey.fromHex(signingKeyHex));
  }

  /** Builds and signs a payment of `lovelace` to `address` (read and checked by the route) from the faucet's UTxOs. */
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
    const tx = balanceTransaction(
      draftOf({ outputs: [{ address: knownAddress(address), value: valueOf(lovelace) }] }),
      {
        pool: faucetUtxos,
        changeAddress: this.#change,
        params: DEVNET_PROTOCOL_PARAMETERS,
      },
    );
    return toHex(signTransaction(tx.cbor, this.#key));
  }
}

// The devnet's faucet: genesis funds one enterprise address whose key the devnet generated for
// itself (once per DATA_DIR) and uses for nothing but faucet payments. It is never a user's key.
import { randomBytes } from "node:crypto";
import type { UTxO } from "@meshsdk/common";
import { MeshWallet } from "@meshsdk/wallet";
import { balanceTransaction, draftOf } from "../../txcore/balance.js";
import { toHex } from "../../cardano/tx-cbor.js";
import { BadRequestError, refusal } from "../../errors.js";
import { DEVNET_PROTOCOL_PARAMETERS } from "../protocol-params.js";

/** Lovelace at the faucet address at genesis: 45 billion ADA, the maximum supply. */
export const GENESIS_LOVELACE = 45_000_000_000_000_000n;

/** A fresh 32-byte Ed25519 signing key, hex. */
export const generateFaucetKey = (): string => randomBytes(32).toString("hex");

export class Faucet {
  readonly address: string;
  readonly #wallet: MeshWallet;

  private constructor(wallet: MeshWallet, address: string) {
    this.#wallet = wallet;
    this.address = address;
  }

  static async create(signingKeyHex: string): Promise<Faucet> {
    // The CLI key form is the CBOR byte string of the 32-byte key: 0x5820 ‖ key.
    const wallet = new MeshWallet({ networkId: 0, key: { type: "cli", payment: `5820${signingKeyHex}` } });
    await wallet.init();
    const address = wallet.getAddresses().enterpriseAddressBech32;
    if (!address) throw new Error("the faucet wallet has no enterprise address");
    return new Faucet(wallet, address);
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
    const tx = balanceTransaction(
      draftOf({ outputs: [{ address, amount: [{ unit: "lovelace", quantity: lovelace.toString() }] }] }),
      {
        pool: faucetUtxos,
        changeAddress: this.address,
        params: DEVNET_PROTOCOL_PARAMETERS,
      },
    );
    // Mesh's wallet only signs (the build is the service's own core, as every other transaction's).
    return this.#wallet.signTx(toHex(tx.cbor), false);
  }
}

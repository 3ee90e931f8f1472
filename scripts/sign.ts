// A client-side signer for the README walkthrough (the service itself never signs):
//   npx tsx scripts/sign.ts keygen FILE      writes a new payment signing key (cardano-cli JSON form) unless FILE exists,
//                                            and prints the testnet address of the key in FILE (so a walkthrough can
//                                            be run again with the same wallets); creates FILE's folder
//   npx tsx scripts/sign.ts address FILE     prints the testnet enterprise address of a key file
//   npx tsx scripts/sign.ts base-address FILE STAKE_FILE
//                                            prints the testnet base address of a payment key and a stake key
//                                            (two keygen files): an account that can delegate
//   npx tsx scripts/sign.ts witness FILE TX  prints the witness set (CIP-30 signTx form) of the key over TX
//                                            (CBOR hex of a transaction, e.g. `complete`; "-" reads it from stdin)
// Pass the witness set in `signatures` of POST /tournaments/submit-tx (or /transactions/submit); a
// delegation needs two, one of each key (`witness` once with each file).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { MeshWallet } from "@meshsdk/wallet";

const [command, file, tx] = process.argv.slice(2);

function usage(): never {
  process.stderr.write(
    "Usage: npx tsx scripts/sign.ts keygen FILE | address FILE | base-address FILE STAKE_FILE | witness FILE TX_HEX|-\n",
  );
  process.exit(2);
}

function keyOf(path: string): string {
  const text = readFileSync(path, "utf8").trim();
  const cborHex = text.startsWith("{") ? (JSON.parse(text) as { cborHex: string }).cborHex : text;
  if (!/^5820[0-9a-f]{64}$/i.test(cborHex)) throw new Error(`${path} is not a signing key (cborHex 5820 + 32 bytes)`);
  return cborHex.toLowerCase();
}

async function walletOf(path: string, stakePath?: string): Promise<MeshWallet> {
  const key =
    stakePath === undefined
      ? { type: "cli" as const, payment: keyOf(path) }
      : { type: "cli" as const, payment: keyOf(path), stake: keyOf(stakePath) };
  const wallet = new MeshWallet({ networkId: 0, key });
  await wallet.init();
  return wallet;
}

const addressOf = (wallet: MeshWallet): string => {
  const address = wallet.getAddresses().enterpriseAddressBech32;
  if (!address) throw new Error("no address for this key");
  return address;
};

async function main(): Promise<void> {
  if (file === undefined) usage();
  if (command === "keygen") {
    if (existsSync(file)) {
      process.stderr.write(`${file} exists: reusing its key\n`);
    } else {
      const key = {
        type: "PaymentSigningKeyShelley_ed25519",
        description: "Payment Signing Key",
        cborHex: `5820${randomBytes(32).toString("hex")}`,
      };
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      writeFileSync(file, `${JSON.stringify(key, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    }
    process.stdout.write(`${addressOf(await walletOf(file))}\n`);
  } else if (command === "address") {
    process.stdout.write(`${addressOf(await walletOf(file))}\n`);
  } else if (command === "base-address") {
    if (tx === undefined) usage();
    const address = (await walletOf(file, tx)).getAddresses().baseAddressBech32;
    if (!address) throw new Error("no base address for these keys");
    process.stdout.write(`${address}\n`);
  } else if (command === "witness") {
    if (tx === undefined) usage();
    const hex = (tx === "-" ? readFileSync(0, "utf8") : tx).trim();
    const wallet = await walletOf(file);
    process.stdout.write(`${await wallet.signTx(hex, true, false)}\n`);
  } else {
    usage();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
});

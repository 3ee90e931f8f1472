// A whole tournament and a CIP-68 mint on the devnet, with the typed client:
//   npx tsx client/examples/tournament-and-cip68.ts [BASE_URL] [API_KEY]
// (BASE_URL defaults to http://127.0.0.1:3000; start the service with `npm start`.) Two fresh keys,
// funded by the devnet faucet; each transaction is built by the service, signed here with the key
// and submitted, and the next step waits for it with GET /transactions/{hash}/wait.
import { randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import { createClient, keyWallet, signAndSubmit, type ClientOptions, type KeyWallet } from "../src/index.js";

export interface ExampleOptions extends Pick<ClientOptions, "apiKey" | "fetch"> {
  baseUrl: string;
  /** Where progress goes (default: console.log). */
  log?: (line: string) => void;
}

export interface ExampleResult {
  admin: string;
  player: string;
  tournamentId: string;
  /** The tournament's status read back after settling: "settled". */
  status: string;
  settleTx: string;
  policyId: string;
  /** The CIP-68 user token (label 222), sent to the player. */
  userUnit: string;
  /** The CIP-68 reference token (label 100), with the metadata datum, left at the admin's address. */
  referenceUnit: string;
  mintTx: string;
  /** The player's tokens of the policy, as the decoded view of its UTxOs names them: [{ name: "Hero", label: 222, quantity: "1" }]. */
  playerTokens: { name: string | null; label: number | null; quantity: string }[];
}

const ADA = 1_000_000;
const WAIT = { confirmations: 1, timeout: 60 };
const hex = (text: string) => Buffer.from(text, "utf8").toString("hex");

export async function runExample({
  baseUrl,
  apiKey,
  fetch,
  log = console.log,
}: ExampleOptions): Promise<ExampleResult> {
  const client = createClient({
    baseUrl,
    ...(apiKey === undefined ? {} : { apiKey }),
    ...(fetch === undefined ? {} : { fetch }),
  });
  const health = await client.getHealth();
  log(`service ${health.version} on ${health.network}, tip slot ${health.tip?.slot ?? "?"}`);

  // 1. Two fresh keys (a real client keeps its own), funded by the devnet faucet.
  const admin = await keyWallet(randomBytes(32).toString("hex"));
  const player = await keyWallet(randomBytes(32).toString("hex"));
  for (const [name, wallet] of [
    ["admin", admin],
    ["player", player],
  ] as const) {
    const { txHash } = await client.fundDevnetAddress({ body: { address: wallet.address, lovelace: 200 * ADA } });
    await client.waitForTransaction({ path: { txHash }, query: WAIT });
    log(`funded ${name} ${wallet.address} with 200 ADA (${txHash})`);
  }
  // A wallet's UTxOs as the build endpoints take them: CBOR hex strings (the default view).
  const utxos = async (wallet: KeyWallet) =>
    (await client.getAddressUtxos({ path: { address: wallet.address }, query: { view: "cbor" } })).utxos.filter(
      (u): u is string => typeof u === "string",
    );
  const submit = async (step: string, built: { complete: string; hash: string; fee: string }, signer: KeyWallet) => {
    const { txHash } = await signAndSubmit(client, built, signer, { via: "tournaments", wait: WAIT });
    log(`${step}: ${txHash} (fee ${Number(built.fee) / ADA} ADA), confirmed`);
    return txHash;
  };

  // 2. Create: entry fee 5 ADA, 15 ADA to the winner, 2 ADA fixed to the admin (who deposits the difference).
  const created = await client.createTournament({
    body: {
      name: "Client cup",
      adminAddress: admin.address,
      bracketSize: 2,
      entryFee: "5_000_000",
      payoutStructure: [15 * ADA],
      fixedPayouts: [[admin.address, 2 * ADA]],
      utxos: await utxos(admin),
    },
  });
  const tournamentId = created.tournamentId;
  await submit(
    `created tournament ${tournamentId} (deposit ${Number(created.deposit ?? 0) / ADA} ADA)`,
    created,
    admin,
  );

  // 3. Both register, each signing their own entry.
  for (const [name, wallet] of [
    ["player", player],
    ["admin", admin],
  ] as const) {
    const registered = await client.registerToTournament({
      path: { tournamentId },
      body: { registererAddress: wallet.address, utxos: await utxos(wallet) },
    });
    await submit(`${name} registered (${registered.outputRef})`, registered, wallet);
  }

  // 4. The admin adds the valid registrations as participants.
  const { results } = await client.listTournamentRegistrations({ path: { tournamentId }, query: { valid: true } });
  const registrations = results.map(({ address, outputRef }) => ({ address: address!, outputRef }));
  const added = await client.addTournamentParticipants({
    path: { tournamentId },
    body: { adminAddress: admin.address, registrations, utxos: await utxos(admin) },
  });
  await submit(`added ${registrations.length} participants`, added, admin);
  log(`tournament is ${(await client.getTournament({ path: { tournamentId } })).status}`);

  // 5. Settle: the player wins.
  const settled = await client.settleTournament({
    path: { tournamentId },
    body: { adminAddress: admin.address, results: [player.address, admin.address], utxos: await utxos(admin) },
  });
  const settleTx = await submit("settled, the player won", settled, admin);
  const { status } = await client.getTournament({ path: { tournamentId } });
  log(`tournament is ${status}`);

  // 6. A CIP-68 NFT: a native-script policy of the admin's key; the user token (222) to the
  //    player, the reference token (100) with the metadata datum to the admin.
  const { payment: keyHash } = await client.parseAddress({ body: { address: admin.address } });
  if (keyHash === undefined) throw new Error(`${admin.address} has no payment key hash`);
  const policy = await client.getNativeScriptInfo({
    body: { schema: { type: "all", scripts: [{ type: "sig", keyHash }] } },
  });
  const minted = await client.buildTransaction({
    body: {
      changeAddress: admin.address,
      preloadedScripts: [policy.preloadedScript],
      mint: [
        {
          version: "cip68",
          assetName: { name: "Hero", format: "utf8", label: 222 },
          metadata: { name: "Hero", image: "ipfs://hero", level: 1 },
          policyId: policy.policyId,
          quantity: 1,
          destAddress: player.address,
        },
      ],
    },
  });
  const { txHash: mintTx } = await signAndSubmit(client, minted, admin, { wait: WAIT });
  const userUnit = `${policy.policyId}000de140${hex("Hero")}`;
  const referenceUnit = `${policy.policyId}000643b0${hex("Hero")}`;
  log(
    `minted CIP-68 Hero: user token ${userUnit} to the player, reference token ${referenceUnit} to the admin (${mintTx})`,
  );

  // 7. Read it back, decoded: the player's tokens of the policy, with their names and CIP-67 labels.
  const decoded = await client.getAddressUtxos({ path: { address: player.address }, query: { view: "decoded" } });
  const playerTokens = decoded.utxos
    .flatMap((u) => (typeof u === "string" ? [] : u.assets))
    .filter((asset) => asset.policyId === policy.policyId)
    .map(({ name, label, quantity }) => ({ name, label, quantity }));
  log(
    `the player holds ${playerTokens.map((t) => `${t.quantity} × ${t.name ?? "?"} (label ${t.label ?? "none"})`).join(", ")}`,
  );

  return {
    admin: admin.address,
    player: player.address,
    tournamentId,
    status,
    settleTx,
    policyId: policy.policyId,
    userUnit,
    referenceUnit,
    mintTx,
    playerTokens,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [baseUrl = "http://127.0.0.1:3000", apiKey] = process.argv.slice(2);
  runExample({ baseUrl, ...(apiKey === undefined ? {} : { apiKey }) }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

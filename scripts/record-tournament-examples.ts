// Records the OpenAPI examples of the tournament endpoints (src/server/routes/tournaments/examples.ts)
// from a run of the service: `npx tsx scripts/record-tournament-examples.ts`. It starts the service
// on a fresh devnet in a temporary DATA_DIR (test/support/service.ts), funds an admin's and a
// player's wallet from the faucet (keys derived from fixed seeds, so their addresses stay the same
// from one run to the next), drives a bracket of 2, "Friday cup", over real HTTP with real
// signatures, under the default contract (v3), and rewrites examples.ts with what the service
// answered: the requests sent, the answers, the reads and the error messages. A rerun gives the same
// shape; hashes, fees and times differ.
//
// The run, in order:
// - T, "Friday cup": created (CREATE_*), listed while open (TOURNAMENT_LIST); a cancel built on it
//   while open and not submitted (CANCEL_*); the player registers (REGISTER_*, the submission
//   TOURNAMENT_SUBMIT_*), an unregistration of that entry built and not submitted (UNREGISTER_*); the
//   admin registers, and sends by hand an entry overpaid by 0.5 ADA (REGISTRATIONS shows it invalid);
//   both entries added (PARTICIPANTS_*); a refund asked before the deadline (TOO_EARLY_TO_REFUND);
//   settled (SETTLE_*), read back (TOURNAMENT).
// - an unreadable output: a creation whose name's bytes are swapped for 0xff (not UTF-8) before
//   signing, as test/tournament/issue-19.test.ts makes one (UNREADABLE_TOURNAMENT).
// - R, a second "Friday cup": filled by the same two, the devnet's clock moved past its deadline
//   (POST /devnet/advance), refunded by the player (REFUND_*).
// - the 422: a v3 create whose seed the transaction does not spend, built by the service's builder
//   (as test/tournament/build-failures.test.ts does under v2.1): the minting policy refuses it.
// - the other error examples: the requests named beside each, answered by the service.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { getOutputMinLovelace } from "@meshsdk/core";
import * as prettier from "prettier";
import { readAddress } from "../src/cardano/address-rules.js";
import { SigningKey, signTransaction } from "../src/cardano/sign.js";
import { fromHex, joinTransaction, splitTransaction, toHex } from "../src/cardano/tx-cbor.js";
import { decodeUtxos } from "../src/cardano/utxo.js";
import { fromAssets } from "../src/cardano/value.js";
import { buildTournamentTx, type TournamentTxPlan } from "../src/tournament/assemble.js";
import { V3_CONTRACT } from "../src/tournament/contracts.js";
import { encodeRegistrationDatum, mintCreateRedeemer, tournamentIdOf } from "../src/tournament/datum.js";
import { contractOf } from "../src/tournament/deployment.js";
import { encodePoolDatum } from "../src/tournament/pool-datum.js";
import { startService, type JsonResponse, type RunningService } from "../test/support/service.js";
import { bodyHash } from "../test/support/tx-decode.js";
import { utxoStringsAt } from "../test/support/utxos.js";
import { fund, type Funded } from "../test/support/wallets.js";

const EXAMPLES = fileURLToPath(new URL("../src/server/routes/tournaments/examples.ts", import.meta.url));
const ADA = 1_000_000;
/** An ID no tournament has: the error examples' "no such tournament". */
const NO_ID = "ab".repeat(32);

/** A wallet of the key derived from `label` (sha256): the same address on every run. */
function seededWallet(service: RunningService, label: string): Funded {
  const key = new SigningKey(
    new Uint8Array(createHash("sha256").update(`record-tournament-examples:${label}`).digest()),
  );
  const address = key.enterpriseAddress(0);
  return {
    address,
    keyHash: key.keyHash,
    witnessSet: (txHex) => {
      const unwitnessed = { ...splitTransaction(fromHex(txHex)), witnessSet: Uint8Array.of(0xa0) };
      return Promise.resolve(toHex(splitTransaction(signTransaction(joinTransaction(unwitnessed), key)).witnessSet));
    },
    sign: (txHex) => Promise.resolve(toHex(signTransaction(fromHex(txHex), key))),
    utxos: () => utxoStringsAt(service, address),
  };
}

/** The body of a 200, else the run stops with what the service answered. */
function body200<T = Record<string, unknown>>(r: JsonResponse, what: string): T {
  assert.equal(r.status, 200, `${what}: ${JSON.stringify(r.body)}`);
  return r.body as T;
}

/** An error answer as the examples show it: code and message. */
function errorOf(r: JsonResponse, status: number, what: string): { code: string; message: string } {
  const b = r.body as { code?: string; message?: string };
  assert.equal(r.status, status, `${what}: ${JSON.stringify(r.body)}`);
  return { code: b.code!, message: b.message! };
}

interface Built {
  complete: string;
  hash: string;
  fee: string;
  [field: string]: unknown;
}

async function record(s: RunningService): Promise<Record<string, unknown>> {
  const x: Record<string, unknown> = {};
  const admin = seededWallet(s, "admin");
  const player = seededWallet(s, "player");
  // The admin's one UTxO; the player's two (an entry fee's worth and a larger one).
  await fund(s, admin.address, 400 * ADA);
  await fund(s, player.address, 5 * ADA);
  await fund(s, player.address, 200 * ADA);

  const submit = async (built: Built, signers: Funded[]): Promise<{ request: unknown; answer: unknown }> => {
    const request = {
      transaction: built.complete,
      signatures: await Promise.all(signers.map((w) => w.witnessSet(built.complete))),
    };
    const answer = body200<{ txHash: string }>(await s.request("POST", "/tournaments/submit-tx", request), "submit");
    assert.equal(answer.txHash, built.hash);
    return { request, answer };
  };
  const build = async (method: string, path: string, request: unknown, what: string): Promise<Built> =>
    body200<Built>(await s.request(method, path, request), what);
  const friday = (utxos: string[]) => ({
    name: "Friday cup",
    adminAddress: admin.address,
    bracketSize: 2,
    entryFee: "5_000_000",
    payoutStructure: [15000000],
    fixedPayouts: [[admin.address, 2000000]],
    utxos,
  });

  // T: created, listed while open.
  x.CREATE_TOURNAMENT_REQUEST = friday(await admin.utxos());
  const created = await build("POST", "/tournaments", x.CREATE_TOURNAMENT_REQUEST, "create");
  x.CREATE_TOURNAMENT_ANSWER = created;
  await submit(created, [admin]);
  const id = created["tournamentId"] as string;
  x.TOURNAMENT_ID = id;
  x.TOURNAMENT_LIST = body200(await s.request("GET", "/tournaments"), "list");

  // A cancel while it is open: built, not submitted.
  x.CANCEL_REQUEST = { adminAddress: admin.address, utxos: await admin.utxos() };
  x.CANCEL_ANSWER = await build("POST", `/tournaments/${id}/cancel`, x.CANCEL_REQUEST, "cancel");

  // The player's entry, its submission, and an unregistration of it (built, not submitted).
  x.REGISTER_REQUEST = { registererAddress: player.address, utxos: await player.utxos() };
  const registered = await build("POST", `/tournaments/${id}/register`, x.REGISTER_REQUEST, "register");
  x.REGISTER_ANSWER = registered;
  const submitted = await submit(registered, [player]);
  x.TOURNAMENT_SUBMIT_REQUEST = submitted.request;
  x.TOURNAMENT_SUBMIT_ANSWER = submitted.answer;
  const playerEntry = registered["outputRef"] as string;
  x.UNREGISTER_REQUEST = { registererAddress: player.address, outputRef: playerEntry, utxos: await player.utxos() };
  x.UNREGISTER_ANSWER = await build("POST", `/tournaments/${id}/unregister`, x.UNREGISTER_REQUEST, "unregister");

  // The admin's entry, and one sent by hand overpaid by 0.5 ADA (listed invalid).
  const adminRegistered = await build(
    "POST",
    `/tournaments/${id}/register`,
    { registererAddress: admin.address, utxos: await admin.utxos() },
    "admin's register",
  );
  await submit(adminRegistered, [admin]);
  const adminEntry = adminRegistered["outputRef"] as string;
  const t = body200<{ registrationAddress: string }>(await s.request("GET", `/tournaments/${id}`), "tournament");
  const byHand = await build(
    "POST",
    "/transactions/build",
    {
      changeAddress: admin.address,
      utxos: await admin.utxos(),
      outputs: [
        {
          address: t.registrationAddress,
          lovelace: 5_500_000,
          datum: { type: "inline", value: encodeRegistrationDatum(admin.address) },
        },
      ],
    },
    "overpaid entry",
  );
  const handSigned = {
    transaction: byHand.complete,
    signatures: [await admin.witnessSet(byHand.complete)],
  };
  body200(await s.request("POST", "/transactions/submit", handSigned), "overpaid entry's submission");
  x.REGISTRATIONS = body200(await s.request("GET", `/tournaments/${id}/registrations`), "registrations");

  // Both entries added: the bracket is full.
  x.PARTICIPANTS_REQUEST = {
    adminAddress: admin.address,
    registrations: [
      { address: player.address, outputRef: playerEntry },
      { address: admin.address, outputRef: adminEntry },
    ],
    utxos: await admin.utxos(),
  };
  const added = await build("POST", `/tournaments/${id}/participants`, x.PARTICIPANTS_REQUEST, "add");
  x.PARTICIPANTS_ANSWER = added;
  await submit(added, [admin]);

  x.TOO_EARLY_TO_REFUND = errorOf(
    await s.request("POST", `/tournaments/${id}/refund`, { utxos: await player.utxos() }),
    400,
    "refund before the deadline",
  );

  // Settled: the player wins the one placement; read back.
  x.SETTLE_REQUEST = { adminAddress: admin.address, results: [player.address], utxos: await admin.utxos() };
  const settled = await build("PATCH", `/tournaments/${id}/settle`, x.SETTLE_REQUEST, "settle");
  x.SETTLE_ANSWER = settled;
  await submit(settled, [admin]);
  x.TOURNAMENT = body200(await s.request("GET", `/tournaments/${id}`), "settled tournament");

  // The error examples.
  x.NO_TOURNAMENT = errorOf(await s.request("GET", `/tournaments/${NO_ID}`), 404, "no tournament");
  x.NO_LIVE_TOURNAMENT = errorOf(
    await s.request("POST", `/tournaments/${NO_ID}/register`, { registererAddress: player.address, utxos: [] }),
    404,
    "no live tournament",
  );
  x.LIMIT_TOO_SMALL = errorOf(await s.request("GET", "/tournaments?limit=0"), 400, "limit 0");
  x.PARTICIPANTS_LIMIT_TOO_LARGE = errorOf(
    await s.request("GET", `/tournaments/${id}?participantsLimit=101`),
    400,
    "participantsLimit 101",
  );
  x.VALID_NOT_BOOLEAN = errorOf(
    await s.request("GET", `/tournaments/${id}/registrations?valid=maybe`),
    400,
    "valid=maybe",
  );
  x.NO_DEPLOYMENT = errorOf(
    await s.request("POST", "/tournaments", { ...friday(await admin.utxos()), contractVersion: "1.0.0" }),
    404,
    "contract 1.0.0",
  );

  // An output holding a tournament NFT whose datum does not decode: the name's bytes swapped for 0xff.
  const odd = await build(
    "POST",
    "/tournaments",
    { ...friday(await admin.utxos()), name: "ZZZZZZZZ" },
    "the unreadable one's creation",
  );
  const readable = `48${Buffer.from("ZZZZZZZZ").toString("hex")}`;
  assert.equal(odd.complete.split(readable).length, 2, "the name's bytes occur once");
  const swapped = odd.complete.replace(readable, `48${"ff".repeat(8)}`);
  await submit({ ...odd, complete: swapped, hash: bodyHash(swapped) }, [admin]);
  x.UNREADABLE_TOURNAMENT = body200(
    await s.request("GET", `/tournaments/${odd["tournamentId"] as string}`),
    "unreadable tournament",
  );

  // R: filled, its deadline passed, refunded by the player.
  const r = await build("POST", "/tournaments", friday(await admin.utxos()), "R's creation");
  await submit(r, [admin]);
  const rid = r["tournamentId"] as string;
  const entries: { address: string; outputRef: string }[] = [];
  for (const w of [player, admin]) {
    const e = await build(
      "POST",
      `/tournaments/${rid}/register`,
      { registererAddress: w.address, utxos: await w.utxos() },
      "R's register",
    );
    await submit(e, [w]);
    entries.push({ address: w.address, outputRef: e["outputRef"] as string });
  }
  await submit(
    await build(
      "POST",
      `/tournaments/${rid}/participants`,
      { adminAddress: admin.address, registrations: entries, utxos: await admin.utxos() },
      "R's add",
    ),
    [admin],
  );
  const tip = body200<{ tip: { time: number } }>(await s.request("GET", "/health"), "health").tip;
  const seconds = Math.ceil(((r["settleBy"] as number) - tip.time) / 1000) + 3600;
  body200(await s.request("POST", "/devnet/advance", { seconds }), "the clock past R's deadline");
  x.REFUND_REQUEST = { utxos: await player.utxos() };
  const refunded = await build("POST", `/tournaments/${rid}/refund`, x.REFUND_REQUEST, "refund");
  x.REFUND_ANSWER = refunded;
  await submit(refunded, [player]);

  x.TOURNAMENT_SCRIPT_REFUSES = await scriptRefusal(s, admin);
  return x;
}

/** The 422 of a v3 create plan whose seed the transaction does not spend, from the service's builder. */
async function scriptRefusal(s: RunningService, admin: Funded): Promise<{ code: string; message: string }> {
  const chain = s.app.chain!;
  const utxos = decodeUtxos(await admin.utxos(), "utxos");
  const seed = { txHash: "ab".repeat(32), index: 0 };
  const id = tournamentIdOf(seed.txHash, seed.index);
  const contract = contractOf(V3_CONTRACT, "devnet");
  const tip = await chain.tip();
  const datum = encodePoolDatum({
    config: {
      name: "Unseeded",
      adminAddress: admin.address,
      bracketSize: 2,
      entryFee: BigInt(10 * ADA),
      payoutStructure: [BigInt(5 * ADA)],
      fixedPayouts: [],
      registrationHash: contract.registrationOf(id).hash,
      settleBy: tip.time + 24 * 3600 * 1000,
    },
    count: 0,
    peaks: [],
  });
  const nft = { unit: contract.policyId + id, quantity: "1" };
  const lovelace = getOutputMinLovelace(
    {
      address: contract.address.bech32,
      amount: [{ unit: "lovelace", quantity: String(10 * ADA) }, nft],
      datum: { type: "Inline", data: { type: "CBOR", content: datum } },
    },
    4310,
  );
  const plan: TournamentTxPlan = {
    scriptInputs: [],
    keyInputs: [],
    mint: {
      source: { kind: "inline", script: contract.script },
      assetName: id,
      quantity: 1n,
      redeemer: mintCreateRedeemer(seed.txHash, seed.index),
    },
    outputs: [
      {
        address: contract.address,
        value: fromAssets([{ unit: "lovelace", quantity: String(lovelace) }, nft]),
        datum,
      },
    ],
    requiredSigners: [],
    utxos,
    changeAddress: readAddress(admin.address, "changeAddress"),
    validFrom: tip.slot,
    validTo: tip.slot + 3600,
  };
  try {
    await buildTournamentTx(plan, chain, await chain.protocolParameters());
  } catch (error) {
    const e = error as Error & { statusCode?: number; code?: string };
    assert.equal(e.statusCode, 422, e.message);
    return { code: e.code!, message: e.message };
  }
  throw new Error("the builder built a create whose seed it does not spend");
}

/** The exports of examples.ts in their order, each with its doc comment; the error examples are typed ErrorExample. */
const LAYOUT: readonly { name: string; doc?: string; error?: true }[] = [
  { name: "TOURNAMENT_ID", doc: "The tournament of the examples." },
  { name: "CREATE_TOURNAMENT_REQUEST" },
  { name: "CREATE_TOURNAMENT_ANSWER" },
  { name: "TOURNAMENT", doc: "The tournament of CREATE_TOURNAMENT_REQUEST, settled." },
  { name: "TOURNAMENT_LIST" },
  {
    name: "UNREADABLE_TOURNAMENT",
    doc: "An output holding a tournament NFT whose datum the service cannot decode (GET /tournaments/{tournamentId} and the list show it).",
  },
  { name: "REGISTER_REQUEST" },
  { name: "REGISTER_ANSWER" },
  { name: "TOURNAMENT_SUBMIT_REQUEST" },
  { name: "TOURNAMENT_SUBMIT_ANSWER" },
  { name: "UNREGISTER_REQUEST" },
  { name: "UNREGISTER_ANSWER" },
  { name: "REGISTRATIONS" },
  { name: "PARTICIPANTS_REQUEST" },
  { name: "PARTICIPANTS_ANSWER" },
  { name: "SETTLE_REQUEST" },
  { name: "SETTLE_ANSWER" },
  { name: "CANCEL_REQUEST" },
  { name: "CANCEL_ANSWER" },
  { name: "REFUND_REQUEST" },
  { name: "REFUND_ANSWER" },
  { name: "NO_TOURNAMENT", error: true },
  { name: "NO_LIVE_TOURNAMENT", error: true },
  { name: "TOO_EARLY_TO_REFUND", error: true },
  { name: "LIMIT_TOO_SMALL", error: true },
  { name: "PARTICIPANTS_LIMIT_TOO_LARGE", error: true },
  { name: "VALID_NOT_BOOLEAN", error: true },
  {
    name: "TOURNAMENT_SCRIPT_REFUSES",
    doc: "A tournament build the tournament minting policy refuses (422).",
    error: true,
  },
  {
    name: "NO_DEPLOYMENT",
    doc: "The 404 of an unknown contract deployment (contractTitle, contractVersion).",
    error: true,
  },
];

const HEADER = `// Examples of the tournament endpoints for the OpenAPI description: requests and answers recorded
// from a devnet. They name transactions, UTxOs and a tournament of the devnet they were recorded
// on: on another devnet "Try it out" answers the 4xx their error examples show (a UTxO the ledger
// does not know, no such tournament).
// Recorded under contracts v3 (contractVersion "3.0.0", the default) by
// scripts/record-tournament-examples.ts; do not edit by hand: to re-record, run
// \`npx tsx scripts/record-tournament-examples.ts\` (it rewrites this file), then
// \`npm run client:generate\`.
import type { ErrorExample } from "../../schemas.js";
`;

/** examples.ts with the recorded values, formatted as the tree is (Prettier). */
async function render(x: Record<string, unknown>): Promise<string> {
  const parts = [HEADER];
  for (const { name, doc, error } of LAYOUT) {
    assert.ok(name in x, `${name} was recorded`);
    const value = error
      ? { code: (x[name] as { code: string }).code, message: (x[name] as { message: string }).message }
      : x[name];
    parts.push(
      `${doc ? `/** ${doc} */\n` : ""}export const ${name}${error ? ": ErrorExample" : ""} = ${JSON.stringify(value)};\n`,
    );
  }
  const text = parts.join("\n");
  return prettier.format(text, { ...(await prettier.resolveConfig(EXAMPLES)), filepath: EXAMPLES });
}

const service = await startService();
try {
  const recorded = await record(service);
  writeFileSync(EXAMPLES, await render(recorded));
  console.log(`rewrote ${EXAMPLES}`);
} finally {
  await service.close();
}

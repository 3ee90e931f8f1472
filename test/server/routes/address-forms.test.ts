// Every address field of every endpoint, sent every form of address a client may hold: a base
// address in bech32 and as hex bytes (CIP-30 wallets hand out hex), an enterprise address in both,
// a pointer, a Byron, a reward (stake) and a mainnet address, and a base address with a script
// payment credential. Each (field, form) has one documented outcome: accepted (the call succeeds:
// payments are built, signed, submitted and found on chain; tournament calls answer 200) or a 400
// whose message names the field path and the reason. The fields are read from the running
// service's OpenAPI document, so that an address field added later without its row here fails.
// Everything runs over real HTTP on the devnet.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import CSL from "@emurgo/cardano-serialization-lib-nodejs";
import { MeshWallet } from "@meshsdk/wallet";
import { MIN_SETTLE_WINDOW_MS } from "../../../src/tournament/limits.js";
import {
  operationsOf,
  parameters,
  requestSchema,
  deref,
  type OpenApiAnswer,
  type OpenApiDocument,
  type Schema,
} from "../../support/openapi.js";
import type { Answer, ErrorFields, OperationId } from "../../support/api.js";
import { startService, type RunningService } from "../../support/service.js";
import { ADA, ok, signAndSubmit as submitTournamentTx, tipOf } from "../../support/tournament-api.js";
import { signAndSubmit, utf8Hex } from "../../support/transactions-api.js";
import { policyIdOf } from "../../support/tx-decode.js";
import { outputsOf, quantityOf, utxosAt, utxoStringsAt } from "../../support/utxos.js";
import { fundedWallet, type Funded, type TestWallet } from "../../support/wallets.js";
import { openStream } from "../../events/sse-client.js";

// ── The forms ────────────────────────────────────────────────────────────────────────────────

const FORMS = [
  "base",
  "base hex",
  "enterprise",
  "enterprise hex",
  "pointer",
  "Byron",
  "reward",
  "other network",
  "script",
] as const;
type Form = (typeof FORMS)[number];

/**
 * One person's addresses in every form, from one payment key and one stake key (a wallet's), so
 * that the base and enterprise forms can be a tournament's admin or registrant and sign as such.
 */
interface Holder {
  /** What is sent, per form. */
  readonly sent: Record<Form, string>;
  /** The bech32 (Byron: base58) address each form names: where a payment to it lands. */
  readonly landing: Record<Form, string>;
  readonly paymentKeyHash: string;
  readonly stakeKeyHash: string;
  readonly scriptHash: string;
  /** Signs as the payment key (the admin's required signature). */
  readonly wallet: TestWallet;
  /** Signs as the stake key (a delegation's certificates). */
  readonly stakeSigner: TestWallet;
}

async function newHolder(): Promise<Holder> {
  const payment = randomBytes(32);
  const stake = randomBytes(32);
  const hashOf = (key: Buffer) => CSL.PrivateKey.from_normal_bytes(key).to_public().hash();
  const paymentHash = hashOf(payment);
  const stakeHash = hashOf(stake);
  const paymentCred = CSL.Credential.from_keyhash(paymentHash);
  const stakeCred = CSL.Credential.from_keyhash(stakeHash);
  // A one-signature native script: the payment credential of a script (multisig) wallet.
  const script = CSL.NativeScript.new_script_pubkey(CSL.ScriptPubkey.new(paymentHash)).hash();
  // CIP-19's pointer (slot 2498243, transaction 27, certificate 3).
  const pointer = CSL.Pointer.new_pointer(
    CSL.BigNum.from_str("2498243"),
    CSL.BigNum.from_str("27"),
    CSL.BigNum.from_str("3"),
  );
  const addresses = {
    base: CSL.BaseAddress.new(0, paymentCred, stakeCred).to_address(),
    enterprise: CSL.EnterpriseAddress.new(0, paymentCred).to_address(),
    pointer: CSL.PointerAddress.new(0, paymentCred, pointer).to_address(),
    reward: CSL.RewardAddress.new(0, stakeCred).to_address(),
    mainnet: CSL.BaseAddress.new(1, paymentCred, stakeCred).to_address(),
    script: CSL.BaseAddress.new(0, CSL.Credential.from_scripthash(script), stakeCred).to_address(),
  };
  const bech32 = (a: CSL.Address) => a.to_bech32(undefined);
  const hex = (a: CSL.Address) => Buffer.from(a.to_bytes()).toString("hex");
  // An Icarus address of a testnet (protocol magic 1): refused for being Byron, not for its network.
  const byron = CSL.ByronAddress.icarus_from_key(
    CSL.Bip32PrivateKey.generate_ed25519_bip32().to_public(),
    1,
  ).to_base58();
  const landing: Record<Form, string> = {
    base: bech32(addresses.base),
    "base hex": bech32(addresses.base),
    enterprise: bech32(addresses.enterprise),
    "enterprise hex": bech32(addresses.enterprise),
    pointer: bech32(addresses.pointer),
    Byron: byron,
    reward: bech32(addresses.reward),
    "other network": bech32(addresses.mainnet),
    script: bech32(addresses.script),
  };
  const sent: Record<Form, string> = {
    ...landing,
    "base hex": hex(addresses.base),
    "enterprise hex": hex(addresses.enterprise),
  };

  const wallet = new MeshWallet({
    networkId: 0,
    key: { type: "cli", payment: `5820${payment.toString("hex")}`, stake: `5820${stake.toString("hex")}` },
  });
  await wallet.init();
  assert.equal(wallet.getAddresses().baseAddressBech32, landing.base, "the wallet holds the base address built here");
  return {
    sent,
    landing,
    paymentKeyHash: paymentHash.to_hex(),
    stakeKeyHash: stakeHash.to_hex(),
    scriptHash: script.to_hex(),
    wallet: {
      address: landing.enterprise,
      keyHash: paymentHash.to_hex(),
      witnessSet: (tx) => wallet.signTx(tx, true, false),
      sign: (tx) => wallet.signTx(tx, true, true),
    },
    stakeSigner: {
      address: landing.reward,
      keyHash: stakeHash.to_hex(),
      witnessSet: async (tx) => {
        const vkeys = CSL.Vkeywitnesses.new();
        vkeys.add(
          CSL.make_vkey_witness(
            CSL.FixedTransaction.from_hex(tx).transaction_hash(),
            CSL.PrivateKey.from_normal_bytes(stake),
          ),
        );
        const set = CSL.TransactionWitnessSet.new();
        set.set_vkeys(vkeys);
        return set.to_hex();
      },
      sign: async () => assert.fail("the stake signer only gives witness sets"),
    },
  };
}

/** A base and a base hex address name the same base address; the enterprise forms likewise. */
const isEnterprise = (form: Form): boolean => form === "enterprise" || form === "enterprise hex";

// ── The outcomes ─────────────────────────────────────────────────────────────────────────────

/** A refusal: a 400 whose message, given the field path, matches. */
interface Refusal {
  readonly reason: string;
  readonly message: (field: string) => RegExp;
}
type Outcome = "accepted" | Refusal;
type Rule = Readonly<Record<Form, Outcome>>;

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const refusal = (reason: string, pattern: (field: string) => string): Refusal => ({
  reason,
  message: (field) => new RegExp(pattern(escape(field))),
});
const BECH32_ADDRESS = "addr_test1[02-9ac-hj-np-z]+";
const OUTPUT_REF = "[0-9a-f]{64}#\\d+";

const BYRON = refusal(
  "Byron",
  (f) => `^${f} is a Byron address; use a Shelley address \\(base, pointer or enterprise\\)\\.$`,
);
const REWARD = refusal(
  "reward",
  (f) => `^${f} is a reward \\(stake\\) address, which holds no UTxOs; use a payment address\\.$`,
);
const NETWORK = refusal(
  "network",
  (f) => `^${f} is a mainnet address, but this instance serves devnet \\(a testnet network, network id 0\\)\\.$`,
);
// The build endpoint words two rules its own way: its clients match on these.
const REWARD_IN_BUILD = refusal(
  "reward",
  (f) => `^${f} is a stake \\(reward\\) address, which cannot hold outputs: give a payment address\\.$`,
);
const NETWORK_IN_BUILD = refusal(
  "network",
  (f) => `^${f} is a mainnet address but this service builds for devnet: use a testnet \\(addr_test1…\\) address\\.$`,
);
const POINTER = refusal(
  "pointer",
  (f) =>
    `^${f} is a pointer address: tournaments hold base or enterprise addresses only .*Use the base or enterprise address of the same payment credential\\.$`,
);
const SCRIPT = refusal(
  "script credential",
  (f) => `^${f} must be an address with a key payment credential \\(not a script\\): .+\\.$`,
);
const NO_CREDENTIALS = refusal(
  "Byron",
  (f) =>
    `^${f} is a Byron address, which has no payment or stake credential hash\\. Read it with POST /v2/services/addresses/info instead\\.$`,
);
// Where the address must be one a tournament already holds, any other address is refused as such.
const NOT_ADMIN = (verb: string) =>
  refusal(
    "not the admin",
    (f) => `^Only the tournament's admin \\(${BECH32_ADDRESS}\\) ${verb}; ${f} is another address\\.`,
  );
const NOT_REGISTRANT = refusal(
  "not the registrant",
  (f) =>
    `^Only the registrant \\(${BECH32_ADDRESS}\\) can cancel registration ${OUTPUT_REF}; ${f} is another address\\.$`,
);
const NOT_REGISTRATION = refusal(
  "not the registration's",
  (f) => `^${f} is not the address registration ${OUTPUT_REF} names \\(${BECH32_ADDRESS}\\)\\.$`,
);
const NOT_PARTICIPANT = refusal(
  "not a participant",
  (f) => `^${f} \\(\\S+\\) is not a participant of this tournament\\.$`,
);

// Where an account delegates: the address must carry a key stake credential (a base or reward address).
const NO_STAKE = (kind: string, why = "") =>
  refusal(
    "no stake credential",
    (f) =>
      `^${f} is ${kind} without a stake credential${escape(why)}: a delegation certificate needs one\\. Give the account's base address \\(addr…\\) or its reward address \\(stake…\\)\\.$`,
  );

/** The utilities read an address of any kind and network. */
const ANY_ADDRESS: Rule = Object.fromEntries(FORMS.map((form) => [form, "accepted"])) as Record<Form, Outcome>;
/** ...but a Byron address has no credential hash to answer. */
const CREDENTIALS: Rule = { ...ANY_ADDRESS, Byron: NO_CREDENTIALS };
/** Where UTxOs are held or paid (a payment, a change address, a UTxO query): any Shelley address that can hold them, bech32 or hex. */
const HOLDS_UTXOS: Rule = { ...ANY_ADDRESS, Byron: BYRON, reward: REWARD, "other network": NETWORK };
const HOLDS_UTXOS_IN_BUILD: Rule = { ...HOLDS_UTXOS, reward: REWARD_IN_BUILD, "other network": NETWORK_IN_BUILD };
/** An account that delegates: its stake credential; a base address with a script payment credential still has a key stake credential. */
const STAKE_ACCOUNT: Rule = {
  ...ANY_ADDRESS,
  enterprise: NO_STAKE("an enterprise address"),
  "enterprise hex": NO_STAKE("an enterprise address"),
  pointer: NO_STAKE(
    "a pointer address",
    " (it points at a registration instead, and pointers no longer delegate since Conway)",
  ),
  Byron: NO_STAKE("a Byron address"),
  "other network": NETWORK_IN_BUILD,
};
/** Where a tournament's datum holds someone who signs (admin, registrant): a key credential, no pointer. */
const TOURNAMENT_SIGNER: Rule = { ...HOLDS_UTXOS, pointer: POINTER, script: SCRIPT };
/** Where a tournament's datum holds a payee (a fixed payout): a key credential, no pointer (contracts v2.1, issue 19: never a script). */
const TOURNAMENT_PAYEE: Rule = { ...HOLDS_UTXOS, pointer: POINTER, script: SCRIPT };
/** Where the address must be one the tournament holds: the other two forms are other addresses. */
const TOURNAMENT_MEMBER = (other: Refusal): Rule => ({ ...HOLDS_UTXOS, pointer: other, script: other });

// ── The fields ───────────────────────────────────────────────────────────────────────────────

/** What a call answered, and for an acceptance how to prove it beyond the 200 (submit, read the chain). */
interface Attempt {
  readonly response: ErrorFields;
  readonly prove?: () => Promise<void>;
}

interface FieldCase {
  /** "<METHOD> <path>", the path as the OpenAPI document writes it below the base path. */
  readonly operation: string;
  /** The field path as the service's messages name it. */
  readonly field: string;
  readonly rule: Rule;
  /** Sends `holder.sent[form]` in the field, every other field valid. */
  send(form: Form): Promise<Attempt>;
}

let service: RunningService;
let holder: Holder;

const post = <K extends OperationId>(path: string, body: unknown) => service.request<K>("POST", path, body);
/** An answer whose 200 is its own proof. */
const answered = (response: ErrorFields): Attempt => ({ response });

/** A payer of its own for each build: its 20 ADA are spent whole when the change goes elsewhere. */
const newPayer = (): Promise<Funded> => fundedWallet(service, 20 * ADA);

/** Signs and submits a build answer, then finds what it paid `address`. */
async function submittedTo(built: Answer<"buildTransaction">, signer: TestWallet, address: string) {
  assert.equal(built.status, 200, JSON.stringify(built.body));
  const txHash = await signAndSubmit(service, built.body, [signer]);
  const paid = outputsOf(await utxosAt(service, address), txHash);
  assert.ok(paid.length > 0, `transaction ${txHash} paid ${address}`);
  return paid;
}

const PAYMENTS: FieldCase[] = [
  {
    operation: "POST /utils/addresses/parse",
    field: "body.address",
    rule: CREDENTIALS,
    async send(form) {
      const response = await post<"parseAddress">("/utils/addresses/parse", { address: holder.sent[form] });
      const { paymentKeyHash: payment, stakeKeyHash: stake } = holder;
      const expected =
        form === "reward"
          ? { stake }
          : isEnterprise(form) || form === "pointer"
            ? { payment }
            : { payment: form === "script" ? holder.scriptHash : payment, stake };
      return { response, prove: async () => assert.deepEqual(response.body, expected) };
    },
  },
  {
    operation: "POST /addresses/info",
    field: "body.address",
    rule: ANY_ADDRESS,
    async send(form) {
      const response = await post<"getAddressInfo">("/addresses/info", { address: holder.sent[form] });
      return { response, prove: async () => assert.equal(response.body.bech32, holder.landing[form]) };
    },
  },
  {
    operation: "POST /devnet/faucet",
    field: "body.address",
    rule: HOLDS_UTXOS,
    async send(form) {
      const response = await post<"fundDevnetAddress">("/devnet/faucet", {
        address: holder.sent[form],
        lovelace: 5 * ADA,
      });
      return {
        response,
        prove: async () => {
          assert.equal(response.status, 200);
          const paid = outputsOf(await utxosAt(service, holder.landing[form]), response.body.txHash);
          assert.deepEqual(
            paid.map((u) => quantityOf(u, "lovelace")),
            [BigInt(5 * ADA)],
          );
        },
      };
    },
  },
  {
    // After the faucet's rows: every accepted form has received an output, which the stream replays.
    operation: "GET /events",
    field: "query.address",
    rule: HOLDS_UTXOS,
    async send(form) {
      const query = `after=0&types=address.received&address=${encodeURIComponent(holder.sent[form])}`;
      const stream = await openStream(`${service.base}/events?${query}`);
      if (stream.status !== 200) return answered({ status: stream.status, body: stream.body as ErrorFields["body"] });
      const first = await stream.next().finally(() => stream.close());
      return {
        response: { status: 200, body: {} },
        prove: async () =>
          assert.equal(first.json.data["address"], holder.landing[form], "the event of its bech32 form"),
      };
    },
  },
  {
    // A webhook's address filter is the stream's: each accepted form is kept as its bech32 form.
    operation: "POST /webhooks",
    field: "body.address",
    rule: HOLDS_UTXOS,
    async send(form) {
      const headers = {
        "x-api-key": (await service.app.stores.keys.create({ name: `forms-${form}`, env: "testnet" })).key,
      };
      const response = await service.request<"createWebhook">(
        "POST",
        "/webhooks",
        { url: "http://127.0.0.1:9/hook", address: holder.sent[form] },
        headers,
      );
      assert.notEqual(response.status, 200, "a creation is 201");
      return {
        // The table's "accepted" is a 200: this operation's success is 201 Created.
        response: { ...response, status: response.status === 201 ? 200 : response.status },
        prove: async () => assert.equal(response.body.address, holder.landing[form], "kept as its bech32 form"),
      };
    },
  },
  {
    // After the faucet's rows: every accepted form then holds UTxOs.
    operation: "GET /addresses/{address}/utxos",
    field: "params.address",
    rule: HOLDS_UTXOS,
    async send(form) {
      const response = await service.request<"getAddressUtxos">("GET", `/addresses/${holder.sent[form]}/utxos`);
      return {
        response,
        prove: async () => {
          assert.ok(response.body.utxos!.length > 0, "the faucet funded this address");
          assert.deepEqual(
            response.body.utxos,
            await utxoStringsAt(service, holder.landing[form]),
            "the same UTxOs as its bech32 form",
          );
        },
      };
    },
  },
  {
    operation: "POST /transactions/build",
    field: "body.changeAddress",
    rule: HOLDS_UTXOS_IN_BUILD,
    async send(form) {
      const wallet = await newPayer();
      const utxos = await wallet.utxos();
      const response = await post<"buildTransaction">("/transactions/build", {
        changeAddress: holder.sent[form],
        utxos,
        outputs: [{ address: wallet.address, lovelace: 2 * ADA }],
      });
      return { response, prove: async () => void (await submittedTo(response, wallet, holder.landing[form])) };
    },
  },
  {
    operation: "POST /transactions/build",
    field: "body.outputs[0].address",
    rule: HOLDS_UTXOS_IN_BUILD,
    async send(form) {
      const wallet = await newPayer();
      const utxos = await wallet.utxos();
      const response = await post<"buildTransaction">("/transactions/build", {
        changeAddress: wallet.address,
        utxos,
        outputs: [{ address: holder.sent[form], lovelace: 2 * ADA }],
      });
      return {
        response,
        prove: async () =>
          assert.deepEqual(
            (await submittedTo(response, wallet, holder.landing[form])).map((u) => quantityOf(u, "lovelace")),
            [BigInt(2 * ADA)],
          ),
      };
    },
  },
  {
    operation: "POST /transactions/build",
    field: "body.mint[0].destAddress",
    rule: HOLDS_UTXOS_IN_BUILD,
    async send(form) {
      const wallet = await newPayer();
      const utxos = await wallet.utxos();
      const policyId = policyIdOf(wallet.keyHash);
      const response = await post<"buildTransaction">("/transactions/build", {
        changeAddress: wallet.address,
        utxos,
        preloadedScripts: [
          {
            type: "simple",
            script: { type: "all", scripts: [{ type: "sig", keyHash: wallet.keyHash }] },
            hash: policyId,
          },
        ],
        mint: [
          {
            version: "cip25",
            assetName: { name: "Form", format: "utf8" },
            policyId,
            quantity: 3,
            destAddress: holder.sent[form],
          },
        ],
      });
      const unit = policyId + utf8Hex("Form");
      return {
        response,
        prove: async () =>
          assert.deepEqual(
            (await submittedTo(response, wallet, holder.landing[form])).map((u) => quantityOf(u, unit)),
            [3n],
          ),
      };
    },
  },
  {
    // Each accepted form delegates the holder's account's vote: the first registers it, the others find it registered.
    operation: "POST /transactions/build",
    field: "body.delegations[0].address",
    rule: STAKE_ACCOUNT,
    async send(form) {
      const wallet = await newPayer();
      const response = await post<"buildTransaction">("/transactions/build", {
        changeAddress: wallet.address,
        utxos: await wallet.utxos(),
        delegations: [{ type: "drep", address: holder.sent[form], keyHash: "always-abstain" }],
      });
      return {
        response,
        prove: async () => {
          assert.equal(response.status, 200);
          await signAndSubmit(service, response.body, [wallet, holder.stakeSigner]);
          assert.deepEqual(await service.app.chain.stakeAccount(holder.landing.reward), {
            registered: true,
            pool: null,
            drep: { kind: "always-abstain" },
          });
        },
      };
    },
  },
];

// The tournaments: T1's admin is the holder's base address, T2's its enterprise address (the same
// key), each with two registrations whose datums are those two addresses. A field that must be the
// admin (or a registrant) is sent each form on the tournament (or registration) of that kind, so
// that the base and enterprise forms are both that person. Every call but the setup's is built,
// never submitted, so that each starts from the same chain.
interface Tournament {
  readonly id: string;
  readonly admin: string;
  /** The outputRef of the registration whose datum is the holder's base (enterprise) address. */
  readonly registration: { readonly base: string; readonly enterprise: string };
}
let funder: Funded;
let t1: Tournament;
let t2: Tournament;
/** An open tournament where the holder has no registration: where the register cases build (an address takes one seat). */
let unseated: string;
let settleBy = 0;
/** The tournament whose admin is the address `form` names (T1 for every form but the enterprise ones). */
const tournamentOf = (form: Form): Tournament => (isEnterprise(form) ? t2 : t1);
const registrationOf = (t: Tournament, form: Form): string =>
  t.registration[isEnterprise(form) ? "enterprise" : "base"];

/** The tournament operations the matrix calls through tournamentCall. */
type TournamentBuild =
  | "registerToTournament"
  | "unregisterFromTournament"
  | "addTournamentParticipants"
  | "settleTournament"
  | "cancelTournament";

/** A build-only tournament call paid by the funder; its change goes back to the funder unless the case says otherwise. */
async function tournamentCall(method: string, path: string, body: Record<string, unknown>): Promise<Attempt> {
  return answered(
    await service.request<TournamentBuild>(method, path, {
      changeAddress: funder.address,
      utxos: await funder.utxos(),
      ...body,
    }),
  );
}
const createBody = (over: Record<string, unknown>) => ({
  name: "Forms cup",
  adminAddress: holder.sent.base,
  bracketSize: 2,
  entryFee: 5 * ADA,
  payoutStructure: [8 * ADA],
  settleBy,
  ...over,
});

const OPEN: FieldCase[] = [
  ...(["adminAddress", "changeAddress"] as const).map((name): FieldCase => ({
    operation: "POST /tournaments",
    field: `body.${name}`,
    rule: name === "adminAddress" ? TOURNAMENT_SIGNER : HOLDS_UTXOS,
    send: (form) => tournamentCall("POST", "/tournaments", createBody({ [name]: holder.sent[form] })),
  })),
  {
    operation: "POST /tournaments",
    field: "body.fixedPayouts[0][0]",
    rule: TOURNAMENT_PAYEE,
    send: (form) =>
      tournamentCall("POST", "/tournaments", createBody({ fixedPayouts: [[holder.sent[form], 3 * ADA]] })),
  },
  ...(["registererAddress", "changeAddress"] as const).map((name): FieldCase => ({
    operation: "POST /tournaments/{tournamentId}/register",
    field: `body.${name}`,
    rule: name === "registererAddress" ? TOURNAMENT_SIGNER : HOLDS_UTXOS,
    send: (form) =>
      tournamentCall("POST", `/tournaments/${unseated}/register`, {
        registererAddress: holder.sent.base,
        [name]: holder.sent[form],
      }),
  })),
  {
    operation: "POST /tournaments/{tournamentId}/unregister",
    field: "body.registererAddress",
    rule: TOURNAMENT_MEMBER(NOT_REGISTRANT),
    send: (form) =>
      tournamentCall("POST", `/tournaments/${t1.id}/unregister`, {
        registererAddress: holder.sent[form],
        outputRef: registrationOf(t1, form),
      }),
  },
  {
    operation: "POST /tournaments/{tournamentId}/unregister",
    field: "body.changeAddress",
    rule: HOLDS_UTXOS,
    send: (form) =>
      tournamentCall("POST", `/tournaments/${t1.id}/unregister`, {
        registererAddress: holder.sent.base,
        outputRef: t1.registration.base,
        changeAddress: holder.sent[form],
      }),
  },
  {
    operation: "POST /tournaments/{tournamentId}/participants",
    field: "body.adminAddress",
    rule: TOURNAMENT_MEMBER(NOT_ADMIN("adds participants")),
    send: (form) => {
      const t = tournamentOf(form);
      const registrations = [{ address: holder.sent.base, outputRef: t.registration.base }];
      return tournamentCall("POST", `/tournaments/${t.id}/participants`, {
        adminAddress: holder.sent[form],
        registrations,
      });
    },
  },
  {
    operation: "POST /tournaments/{tournamentId}/participants",
    field: "body.changeAddress",
    rule: HOLDS_UTXOS,
    send: (form) =>
      tournamentCall("POST", `/tournaments/${t1.id}/participants`, {
        adminAddress: t1.admin,
        registrations: [{ address: holder.sent.base, outputRef: t1.registration.base }],
        changeAddress: holder.sent[form],
      }),
  },
  {
    operation: "POST /tournaments/{tournamentId}/participants",
    field: "body.registrations[0].address",
    rule: TOURNAMENT_MEMBER(NOT_REGISTRATION),
    send: (form) =>
      tournamentCall("POST", `/tournaments/${t1.id}/participants`, {
        adminAddress: t1.admin,
        registrations: [{ address: holder.sent[form], outputRef: registrationOf(t1, form) }],
      }),
  },
];

// With both registrations added (T1 and T2 full): settle and cancel.
const FULL: FieldCase[] = [
  {
    operation: "PATCH /tournaments/{tournamentId}/settle",
    field: "body.adminAddress",
    rule: TOURNAMENT_MEMBER(NOT_ADMIN("settles")),
    send: (form) =>
      tournamentCall("PATCH", `/tournaments/${tournamentOf(form).id}/settle`, {
        adminAddress: holder.sent[form],
        results: [holder.sent.base],
      }),
  },
  {
    operation: "PATCH /tournaments/{tournamentId}/settle",
    field: "body.changeAddress",
    rule: HOLDS_UTXOS,
    send: (form) =>
      tournamentCall("PATCH", `/tournaments/${t1.id}/settle`, {
        adminAddress: t1.admin,
        results: [holder.sent.base],
        changeAddress: holder.sent[form],
      }),
  },
  {
    operation: "PATCH /tournaments/{tournamentId}/settle",
    field: "body.results[0]",
    rule: TOURNAMENT_MEMBER(NOT_PARTICIPANT),
    send: (form) =>
      tournamentCall("PATCH", `/tournaments/${t1.id}/settle`, { adminAddress: t1.admin, results: [holder.sent[form]] }),
  },
  {
    operation: "POST /tournaments/{tournamentId}/cancel",
    field: "body.adminAddress",
    rule: TOURNAMENT_MEMBER(NOT_ADMIN("cancels")),
    send: (form) =>
      tournamentCall("POST", `/tournaments/${tournamentOf(form).id}/cancel`, { adminAddress: holder.sent[form] }),
  },
  {
    operation: "POST /tournaments/{tournamentId}/cancel",
    field: "body.changeAddress",
    rule: HOLDS_UTXOS,
    send: (form) =>
      tournamentCall("POST", `/tournaments/${t1.id}/cancel`, {
        adminAddress: t1.admin,
        changeAddress: holder.sent[form],
      }),
  },
];

// After the clock passed settleBy: anyone refunds.
const EXPIRED: FieldCase[] = (["address", "changeAddress"] as const).map((name): FieldCase => ({
  operation: "POST /tournaments/{tournamentId}/refund",
  field: `body.${name}`,
  rule: HOLDS_UTXOS,
  // Without changeAddress, the change goes to `address`.
  send: async (form) =>
    answered(
      await post<"refundTournament">(`/tournaments/${t1.id}/refund`, {
        [name]: holder.sent[form],
        utxos: await funder.utxos(),
      }),
    ),
}));

const CASES: readonly FieldCase[] = [...PAYMENTS, ...OPEN, ...FULL, ...EXPIRED];

// ── The address fields the OpenAPI document declares ─────────────────────────────────────────

/**
 * "<METHOD> <path> <field>" for every request field that holds an address: a string whose name or
 * description says address, in the path, the query or the body (array items written [0]).
 */
function addressFields(document: OpenApiDocument, basePath: string): string[] {
  const found = new Set<string>();
  for (const operation of operationsOf(document)) {
    const name = `${operation.method} ${operation.path.startsWith(basePath) ? operation.path.slice(basePath.length) : operation.path}`;
    const visit = (
      schema: Schema | undefined,
      at: string,
      key: string,
      seen: ReadonlySet<string>,
      description?: string,
    ): void => {
      if (!schema || typeof schema !== "object") return;
      if (typeof schema.$ref === "string") {
        if (seen.has(schema.$ref)) return;
        visit(deref(document, schema), at, key, new Set([...seen, schema.$ref]), description ?? schema.description);
        return;
      }
      const text = `${description ?? ""} ${schema.description ?? ""}`;
      if (schema.type === "string" && (/address/i.test(key) || /\baddress\b/i.test(text))) found.add(`${name} ${at}`);
      for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
        visit(branch, at, key, seen);
      for (const [property, sub] of Object.entries(schema.properties ?? {}))
        visit(sub, `${at}.${property}`, property, seen);
      const tuple: Schema[] | undefined = Array.isArray(schema.prefixItems)
        ? schema.prefixItems
        : Array.isArray(schema.items)
          ? schema.items
          : undefined;
      if (tuple) tuple.forEach((sub, i) => visit(sub, `${at}[${i}]`, key, seen));
      else if (schema.items && typeof schema.items === "object") visit(schema.items, `${at}[0]`, key, seen);
    };
    // The service's messages name path and query fields as the schema's validation does: params.…, query.….
    for (const p of parameters(operation, "path"))
      visit(p.schema, `params.${p.name}`, p.name, new Set(), p.description);
    for (const p of parameters(operation, "query"))
      visit(p.schema, `query.${p.name}`, p.name, new Set(), p.description);
    const body = requestSchema(operation);
    if (body) visit(body, "body", "body", new Set());
  }
  return [...found].sort();
}

// ── The tests ────────────────────────────────────────────────────────────────────────────────

before(async () => {
  service = await startService();
  holder = await newHolder();
});
after(async () => {
  await service.close();
});

/** Sends every form to every field of `cases`, asserting its outcome. */
function matrix(cases: readonly FieldCase[]): void {
  for (const c of cases) {
    describe(`${c.operation} ${c.field}`, () => {
      for (const form of FORMS) {
        const outcome = c.rule[form];
        it(`${form}: ${outcome === "accepted" ? "accepted" : `refused (${outcome.reason})`}`, async () => {
          const { response, prove } = await c.send(form);
          if (outcome === "accepted") {
            assert.equal(response.status, 200, JSON.stringify(response.body));
            await prove?.();
          } else {
            assert.equal(response.status, 400, JSON.stringify(response.body));
            const message = String(response.body.message);
            assert.ok(message.includes(c.field), `the message names ${c.field}: ${message}`);
            assert.match(message, outcome.message(c.field));
          }
        });
      }
    });
  }
}

describe("every address field of the OpenAPI document has its row here", () => {
  it("the same fields, no more, no fewer", async () => {
    const document = (await service.request<OpenApiAnswer>("GET", "/openapi.json")).body;
    const declared = addressFields(document, new URL(service.base).pathname);
    const covered = [...new Set(CASES.map((c) => `${c.operation} ${c.field}`))].sort();
    assert.deepEqual(
      declared,
      covered,
      "an address field without its row (or a row without its field): add the row and its rule",
    );
  });
});

describe("payments, queries and utilities", () => matrix(PAYMENTS));

describe("tournaments open for registration", () => {
  before(async () => {
    funder = await fundedWallet(service, 2_000 * ADA);
    settleBy = (await tipOf(service)).time + MIN_SETTLE_WINDOW_MS + 5 * 60_000;
    const create = async (admin: string): Promise<string> => {
      const created = ok(
        await post<"createTournament">("/tournaments", {
          ...createBody({ adminAddress: admin }),
          changeAddress: funder.address,
          utxos: await funder.utxos(),
        }),
      );
      await submitTournamentTx(service, created, [funder]);
      return created.tournamentId!;
    };
    const open = async (admin: string): Promise<Tournament> => {
      const id = await create(admin);
      const register = async (address: string): Promise<string> => {
        const built = ok(
          await post<"registerToTournament">(`/tournaments/${id}/register`, {
            registererAddress: address,
            changeAddress: funder.address,
            utxos: await funder.utxos(),
          }),
        );
        await submitTournamentTx(service, built, [funder]);
        return built.outputRef!;
      };
      return {
        id,
        admin,
        registration: {
          base: await register(holder.landing.base),
          enterprise: await register(holder.landing.enterprise),
        },
      };
    };
    t1 = await open(holder.landing.base);
    t2 = await open(holder.landing.enterprise);
    unseated = await create(holder.landing.base);
  });
  matrix(OPEN);
});

describe("full tournaments", () => {
  before(async () => {
    for (const t of [t1, t2]) {
      const registrations = [
        { address: holder.landing.base, outputRef: t.registration.base },
        { address: holder.landing.enterprise, outputRef: t.registration.enterprise },
      ];
      const built = ok(
        await post<"addTournamentParticipants">(`/tournaments/${t.id}/participants`, {
          adminAddress: t.admin,
          registrations,
          changeAddress: funder.address,
          utxos: await funder.utxos(),
        }),
      );
      await submitTournamentTx(service, built, [funder, holder.wallet]);
    }
  });
  matrix(FULL);
});

describe("tournaments past their settlement deadline", () => {
  before(async () => {
    const { time } = await tipOf(service);
    const advanced = await post<"advanceDevnetClock">("/devnet/advance", {
      seconds: Math.ceil((settleBy - time) / 1000) + 120,
    });
    assert.equal(advanced.status, 200, JSON.stringify(advanced.body));
  });
  matrix(EXPIRED);
});

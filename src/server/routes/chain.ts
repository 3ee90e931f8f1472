// Submission, chain queries and the devnet's faucet and clock. The submit route is exported as a
// schema and a registration function so that POST /tournaments/submit-tx shares it exactly.
import type { FastifyInstance } from "fastify";
import { Type, type Static } from "typebox";
import { requireChain } from "../../app.js";
import { encodeUtxo } from "../../cardano/utxo.js";
import { paymentAddressOn } from "../../chain/address-check.js";
import { isDevnet, type DevnetPort } from "../../chain/port.js";
import { NotFoundError } from "../../errors.js";
import { submitSigned } from "../../tx/submit.js";
import { BASE_PATH } from "../paths.js";
import { Amount, errorResponses, Hash32, Hex, parseAmount } from "../schemas.js";

/** 10,000 ADA: what the faucet sends when no amount is given. */
export const DEFAULT_FAUCET_LOVELACE = 10_000_000_000n;
/** The furthest one advance call moves the clock: ten years. */
const MAX_ADVANCE_SECONDS = 10 * 365 * 24 * 3600;

const Address = (description: string) => Type.String({ minLength: 1, maxLength: 200, description });

export const SubmitBody = Type.Object(
  {
    transaction: Hex("The transaction, CBOR hex: typically `complete` from a build endpoint, signed or not.", { minLength: 2 }),
    signatures: Type.Optional(
      Type.Array(Hex("A witness set, CBOR hex, as CIP-30 signTx(tx, true) returns it (e.g. a10081825820…).", { minLength: 2 }), {
        maxItems: 64,
        description: "Witness sets whose vkey witnesses are added to the transaction's witness set. The transaction body is never changed.",
      }),
    ),
  },
  { additionalProperties: false, description: "A transaction and the signatures to add before submitting it." },
);

export const SubmitResponse = Type.Object(
  { txHash: Hash32("The transaction id (the hash of its body), lowercase hex.") },
  { description: "The ledger accepted the transaction (or had already accepted it)." },
);

const SUBMIT_DESCRIPTION =
  "Adds the vkey witnesses of `signatures` to the transaction (its body, hence its id, stays byte for byte the same) and submits it. " +
  "A transaction the ledger already accepted answers 200 with the same txHash. A transaction the ledger rejects is 422 with the ledger's reason; " +
  "hex or CBOR that does not decode is 400 naming the field.";

/** Registers a submit route at `path` (POST /transactions/submit, POST /tournaments/submit-tx). */
export function registerSubmitRoute(app: FastifyInstance, path: string, meta: { summary: string; tag: string }): void {
  app.post(
    path,
    {
      schema: {
        summary: meta.summary,
        description: SUBMIT_DESCRIPTION,
        tags: [meta.tag],
        body: SubmitBody,
        response: { 200: SubmitResponse, ...errorResponses(422, 503) },
      },
    },
    async (request) => {
      const body = request.body as Static<typeof SubmitBody>;
      const txHash = await submitSigned(requireChain(app), body.transaction, body.signatures ?? []);
      return { txHash };
    },
  );
}

const AddressParams = Type.Object({ address: Address("A payment address (bech32 or hex) of this instance's network family.") });
const UtxosResponse = Type.Object(
  {
    utxos: Type.Array(Hex("A UTxO string: the CBOR of [input, output], as CIP-30 getUtxos() returns it."), {
      description: "The unspent outputs at the address, ready to pass as `utxos` to the build endpoints.",
    }),
  },
  { description: "The UTxOs at the address." },
);

const TxParams = Type.Object({ txHash: Hash32("The transaction id, 64 hex digits.") });
const TxStatusResponse = Type.Object(
  {
    txHash: Hash32("The transaction id, lowercase hex."),
    status: Type.Union([Type.Literal("confirmed"), Type.Literal("unknown")], {
      description: "confirmed: the ledger accepted it; unknown: the chain has not seen it (yet), or it was rejected.",
    }),
  },
  { description: "Whether the transaction is on the chain." },
);

const FaucetBody = Type.Object(
  {
    address: Address("The testnet address to fund (bech32 or hex)."),
    lovelace: Type.Optional(Amount("Lovelace to send; 10,000 ADA (10000000000) when absent.")),
  },
  { additionalProperties: false, description: "Who gets devnet funds, and how many." },
);
const AdvanceBody = Type.Object(
  {
    seconds: Type.Integer({
      minimum: 0,
      maximum: MAX_ADVANCE_SECONDS,
      description: `Seconds (= slots) to move the devnet clock forward, from 0 to ${MAX_ADVANCE_SECONDS} (ten years).`,
    }),
  },
  { additionalProperties: false, description: "How far to move the devnet clock." },
);
const TipResponse = Type.Object(
  {
    slot: Type.Integer({ description: "The devnet's slot after the move." }),
    time: Type.Integer({ description: "Unix milliseconds of that slot's start." }),
  },
  { description: "The devnet's clock after the move." },
);

export default async function chainRoutes(app: FastifyInstance): Promise<void> {
  registerSubmitRoute(app, "/transactions/submit", { summary: "Submit a signed transaction", tag: "Transactions" });
  registerSubmitRoute(app, "/tournaments/submit-tx", { summary: "Submit a signed tournament transaction", tag: "Tournaments" });

  app.get(
    "/addresses/:address/utxos",
    {
      schema: {
        summary: "UTxOs at an address",
        description:
          "The unspent outputs at a payment address, as UTxO strings (CIP-30 getUtxos() format). An address of the other network family, " +
          "a reward address or a Byron address is 400.",
        tags: ["Chain"],
        params: AddressParams,
        response: { 200: UtxosResponse, ...errorResponses(503) },
      },
    },
    async (request) => {
      const { address } = request.params as Static<typeof AddressParams>;
      const bech32 = paymentAddressOn(app.config.network, address, "params.address");
      const utxos = await requireChain(app).utxosAt(bech32);
      return { utxos: utxos.map(encodeUtxo) };
    },
  );

  app.get(
    "/transactions/:txHash",
    {
      schema: {
        summary: "Transaction status",
        description: "confirmed when the ledger accepted the transaction, unknown otherwise (never seen, rejected, or not yet on the chain).",
        tags: ["Transactions"],
        params: TxParams,
        response: { 200: TxStatusResponse, ...errorResponses(503) },
      },
    },
    async (request) => {
      const txHash = (request.params as Static<typeof TxParams>).txHash.toLowerCase();
      return { txHash, status: await requireChain(app).txStatus(txHash) };
    },
  );

  /** The devnet, or a 404 saying the endpoint exists only there. */
  const devnet = (endpoint: string): DevnetPort => {
    const chain = app.chain;
    if (app.config.network === "devnet" && chain && isDevnet(chain)) return chain;
    throw new NotFoundError(`${endpoint} exists only on the devnet; this instance serves ${app.config.network}.`);
  };

  app.post(
    "/devnet/faucet",
    {
      schema: {
        summary: "Fund an address (devnet only)",
        description:
          "Sends lovelace from the devnet's genesis faucet to an address, in a transaction the ledger validates like any other. " +
          "Answers once the transaction is accepted and saved. 404 on other networks.",
        tags: ["Devnet"],
        body: FaucetBody,
        response: { 200: SubmitResponse, ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      const chain = devnet(`POST ${BASE_PATH}/devnet/faucet`);
      const body = request.body as Static<typeof FaucetBody>;
      const address = paymentAddressOn(app.config.network, body.address, "body.address");
      const lovelace = body.lovelace === undefined ? DEFAULT_FAUCET_LOVELACE : parseAmount(body.lovelace, "body.lovelace");
      return { txHash: await chain.faucet(address, lovelace) };
    },
  );

  app.post(
    "/devnet/advance",
    {
      schema: {
        summary: "Move the devnet clock forward (devnet only)",
        description:
          "Moves the devnet's clock forward by `seconds` slots (one slot per second); afterwards it keeps following wall time from there. " +
          "Slot-to-time conversion does not change: slot N always starts at the devnet's start + N seconds. 404 on other networks.",
        tags: ["Devnet"],
        body: AdvanceBody,
        response: { 200: TipResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      const chain = devnet(`POST ${BASE_PATH}/devnet/advance`);
      return chain.advance((request.body as Static<typeof AdvanceBody>).seconds);
    },
  );
}

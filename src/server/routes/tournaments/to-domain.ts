// The typed tournament requests → the inputs of src/tournament: addresses read once and checked
// (Address: bytes and bech32), amounts as bigint, UTxO strings decoded, the tournament ID of the
// path (which a body may repeat) a TournamentId, lowercased here once. Each converter reads the fields in the order their errors take precedence, and
// names them by their path in the body or the query (the handler says which: ../within.ts).
import { decodeUtxos } from "../../../cardano/utxo.js";
import { isKeyAddress, paymentAddressOn, readAddress } from "../../../cardano/address-rules.js";
import type { Network } from "../../../config.js";
import { BadRequestError, refusal } from "../../../errors.js";
import type { CancelInput, CloseInput } from "../../../tournament/close.js";
import type { Paying } from "../../../tournament/context.js";
import type { CreateInput } from "../../../tournament/create.js";
import type { ContractSelector } from "../../../tournament/deployment.js";
import type { ParticipantsInput } from "../../../tournament/participants.js";
import type {
  ParticipantsPageInput,
  RegistrationsPageInput,
  TournamentInput,
  TournamentsPageInput,
} from "../../../tournament/queries.js";
import type { RegisterInput, UnregisterInput } from "../../../tournament/register.js";
import type { SettleInput } from "../../../tournament/settle.js";
import type { BatchChoice } from "../../../tournament/v3/serve.js";
import { parseTournamentId, type TournamentId } from "../../../tournament/id.js";
import type { Address } from "../../../cardano/addresses.js";
import { parseAmount } from "../../../cardano/amount.js";
import { cursorOf } from "../../pagination.js";
import type {
  CancelBody,
  ContractQuery,
  CreateBody,
  ListQuery,
  ParticipantsBody,
  RefundBody,
  RegisterBody,
  RegistrationsQuery,
  SettleBody,
  TournamentParams,
  TournamentQuery,
  UnregisterBody,
} from "./schemas.js";

/** How many tournaments or registrations a page holds when the query gives no limit. */
const DEFAULT_PAGE_LIMIT = 100;

const selectorOf = (q: ContractQuery): ContractSelector => ({
  contractTitle: q.contractTitle,
  contractVersion: q.contractVersion,
});

/** The path's tournament ID (its schema checked the 64 hex digits). */
const tournamentIdOf = (params: TournamentParams): TournamentId => parseTournamentId(params.tournamentId);

/** The path's tournament ID, after checking that the body's (when it repeats it) is the same. */
function sameId(params: TournamentParams, body: { tournamentId?: string | undefined }): TournamentId {
  const id = tournamentIdOf(params);
  if (body.tournamentId !== undefined && parseTournamentId(body.tournamentId) !== id) {
    throw refusal(BadRequestError, (at) => `${at("tournamentId")} differs from the tournamentId of the path.`);
  }
  return id;
}

/** What a transaction request on a tournament may carry besides its own fields. */
type OnTournament = { readonly tournamentId?: string | undefined; readonly changeAddress?: string | undefined };

/**
 * The UTxOs that pay and the contract selector: the last fields every transaction request reads.
 * `utxos` left out (or empty, as the hosted API's examples send it): the UTxOs at the paying party's
 * address, its field `field`, read from the chain (as POST /transactions/build reads changeAddress's).
 */
const paying = (
  b: { readonly utxos?: readonly string[] | undefined } & ContractQuery,
  party: { readonly address: Address; readonly field: string },
): { utxos: Paying } & ContractSelector => ({
  utxos: b.utxos === undefined || b.utxos.length === 0 ? { from: party } : { given: decodeUtxos(b.utxos, "utxos") },
  ...selectorOf(b),
});

/** The converters of one network: addresses are checked against its family. */
export function tournamentInputs(network: Network) {
  const address = (value: string, field: string) => paymentAddressOn(network, value, field);
  const changeOr = (fallback: Address, changeAddress: string | undefined): Address =>
    changeAddress === undefined ? fallback : address(changeAddress, "changeAddress");
  /** The path's tournament ID and the change address, the party's (already checked: its error comes first) by default. */
  const onTournament = (params: TournamentParams, b: OnTournament, party: Address) => ({
    tournamentId: sameId(params, b),
    changeAddress: changeOr(party, b.changeAddress),
  });
  /** The admin's request on a tournament: the admin's address, then the tournament ID and the change. */
  const byAdmin = (params: TournamentParams, b: OnTournament & { readonly adminAddress: string }) => {
    const adminAddress = address(b.adminAddress, "adminAddress");
    return { adminAddress, ...onTournament(params, b, adminAddress) };
  };
  /** A registrant's request on a tournament: the registrant's address, then the tournament ID and the change. */
  const byRegisterer = (params: TournamentParams, b: OnTournament & { readonly registererAddress: string }) => {
    const registererAddress = address(b.registererAddress, "registererAddress");
    return { registererAddress, ...onTournament(params, b, registererAddress) };
  };

  return {
    create(b: CreateBody): CreateInput {
      const admin = address(b.adminAddress, "adminAddress");
      return {
        name: b.name,
        adminAddress: admin,
        changeAddress: changeOr(admin, b.changeAddress),
        bracketSize: b.bracketSize,
        entryFee: b.entryFee === undefined ? 0n : parseAmount(b.entryFee, "entryFee"),
        payoutStructure: b.payoutStructure.map((a, i) => parseAmount(a, `payoutStructure[${i}]`)),
        fixedPayouts: (b.fixedPayouts ?? []).map(([a, amount], i) => ({
          address: address(a, `fixedPayouts[${i}][0]`),
          amount: parseAmount(amount, `fixedPayouts[${i}][1]`),
        })),
        settleBy: b.settleBy,
        ...paying(b, { address: admin, field: "adminAddress" }),
      };
    },

    register(params: TournamentParams, b: RegisterBody): RegisterInput {
      const r = byRegisterer(params, b);
      return { ...r, ...paying(b, { address: r.registererAddress, field: "registererAddress" }) };
    },

    unregister(params: TournamentParams, b: UnregisterBody): UnregisterInput {
      const r = byRegisterer(params, b);
      return {
        ...r,
        outputRef: b.outputRef,
        ...paying(b, { address: r.registererAddress, field: "registererAddress" }),
      };
    },

    participants(params: TournamentParams, b: ParticipantsBody): ParticipantsInput {
      const a = byAdmin(params, b);
      return {
        ...a,
        registrations: b.registrations.map((r, i) => ({
          address: address(r.address, `registrations[${i}].address`),
          outputRef: r.outputRef,
        })),
        ...paying(b, { address: a.adminAddress, field: "adminAddress" }),
      };
    },

    settle(params: TournamentParams, b: SettleBody): SettleInput {
      const a = byAdmin(params, b);
      return {
        ...a,
        results: b.results.map((r, i) => address(r, `results[${i}]`)),
        ...paying(b, { address: a.adminAddress, field: "adminAddress" }),
      };
    },

    cancel(params: TournamentParams, b: CancelBody): CancelInput & BatchChoice {
      const a = byAdmin(params, b);
      return { ...a, ...paying(b, { address: a.adminAddress, field: "adminAddress" }), batch: b.batch };
    },

    /**
     * The change goes to changeAddress, else the caller's address, else the first key-locked UTxO's
     * address. `utxos` left out: the caller's UTxOs on chain (address, else changeAddress).
     */
    refund(params: TournamentParams, b: RefundBody): CloseInput & BatchChoice {
      const given = b.utxos === undefined || b.utxos.length === 0 ? null : decodeUtxos(b.utxos, "utxos");
      const caller = b.address === undefined ? undefined : address(b.address, "address");
      const changeAddress = b.changeAddress === undefined ? undefined : address(b.changeAddress, "changeAddress");
      if (given === null) {
        const party =
          caller !== undefined
            ? { address: caller, field: "address" }
            : changeAddress !== undefined
              ? { address: changeAddress, field: "changeAddress" }
              : undefined;
        if (party === undefined) {
          throw refusal(
            BadRequestError,
            (at) =>
              `${at("address")} (or ${at("changeAddress")}) is needed when ${at("utxos")} is left out: the UTxOs at that address, read from the chain, pay the fee.`,
          );
        }
        return {
          tournamentId: sameId(params, b),
          changeAddress: changeAddress ?? party.address,
          ...paying(b, party),
          batch: b.batch,
        };
      }
      const fallback = given.find((u) => isKeyAddress(u.output.address))?.output.address;
      const fallbackAddress = fallback === undefined ? undefined : readAddress(fallback, "utxos");
      const change = changeAddress ?? caller ?? fallbackAddress;
      if (change === undefined) {
        throw refusal(
          BadRequestError,
          (at) =>
            `${at("changeAddress")} (or ${at("address")}) is needed: no UTxO of ${at("utxos")} is at a key address to send the change to.`,
        );
      }
      return {
        tournamentId: sameId(params, b),
        changeAddress: change,
        utxos: { given },
        ...selectorOf(b),
        batch: b.batch,
      };
    },
  };
}

/** GET /tournaments: the page of the query (`pageState`, alias `cursor`). */
export function tournamentsQuery(q: ListQuery): TournamentsPageInput {
  return { ...selectorOf(q), limit: q.limit ?? DEFAULT_PAGE_LIMIT, pageState: cursorOf(q, "pageState") };
}

/** GET /tournaments/{tournamentId}: the tournament, and the page of its participants (page 1 of 100 when absent). */
export const tournamentQuery = (
  params: TournamentParams,
  q: TournamentQuery,
): TournamentInput & ParticipantsPageInput => ({
  tournamentId: tournamentIdOf(params),
  ...selectorOf(q),
  participantsPage: q.participantsPage ?? 1,
  participantsLimit: q.participantsLimit ?? DEFAULT_PAGE_LIMIT,
});

/** GET /tournaments/{tournamentId}/registrations: the page of the query (`cursor`, alias `page`, numbered from 1). */
export function registrationsQuery(params: TournamentParams, q: RegistrationsQuery): RegistrationsPageInput {
  const page = cursorOf({ cursor: q.cursor, page: q.page?.toString() }, "page");
  return {
    tournamentId: tournamentIdOf(params),
    ...selectorOf(q),
    valid: q.valid,
    page: page === undefined ? 1 : Number(page),
    limit: q.limit ?? DEFAULT_PAGE_LIMIT,
  };
}

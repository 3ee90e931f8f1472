// The typed tournament requests → the inputs of src/tournament: addresses checked and in bech32,
// amounts as bigint, UTxO strings decoded, the tournament ID of the path (which a body may repeat)
// in lowercase. Each converter reads the fields in the order their errors take precedence.
import { decodeUtxos } from "../../../cardano/utxo.js";
import { isKeyAddress, paymentAddressOn } from "../../../cardano/address-rules.js";
import type { Network } from "../../../config.js";
import { BadRequestError } from "../../../errors.js";
import type { CancelInput, CloseInput } from "../../../tournament/close.js";
import type { CreateInput } from "../../../tournament/create.js";
import type { ContractSelector } from "../../../tournament/deployment.js";
import type { ParticipantsInput } from "../../../tournament/participants.js";
import type { RegisterInput, UnregisterInput } from "../../../tournament/register.js";
import type { SettleInput } from "../../../tournament/settle.js";
import { parseAmount } from "../../../cardano/amount.js";
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
  UnregisterBody,
} from "./schemas.js";

/** How many tournaments or registrations a page holds when the query gives no limit. */
const DEFAULT_PAGE_LIMIT = 100;

const selectorOf = (q: ContractQuery): ContractSelector => ({ contractTitle: q.contractTitle, contractVersion: q.contractVersion });

export const tournamentIdOf = (params: TournamentParams): string => params.tournamentId.toLowerCase();

/** The path's tournament ID, after checking that the body's (when it repeats it) is the same. */
function sameId(params: TournamentParams, body: { tournamentId?: string | undefined }): string {
  if (body.tournamentId !== undefined && params.tournamentId.toLowerCase() !== body.tournamentId.toLowerCase()) {
    throw new BadRequestError("body.tournamentId differs from the tournamentId of the path.");
  }
  return tournamentIdOf(params);
}

/** The converters of one network: addresses are checked against its family. */
export function tournamentInputs(network: Network) {
  const address = (value: string, field: string) => paymentAddressOn(network, value, field);
  const changeOr = (fallback: string, changeAddress: string | undefined) =>
    changeAddress === undefined ? fallback : address(changeAddress, "body.changeAddress");

  return {
    create(b: CreateBody): CreateInput {
      const admin = address(b.adminAddress, "body.adminAddress");
      return {
        name: b.name,
        adminAddress: admin,
        changeAddress: changeOr(admin, b.changeAddress),
        bracketSize: b.bracketSize,
        entryFee: b.entryFee === undefined ? 0n : parseAmount(b.entryFee, "body.entryFee"),
        payoutStructure: b.payoutStructure.map((a, i) => parseAmount(a, `body.payoutStructure[${i}]`)),
        fixedPayouts: (b.fixedPayouts ?? []).map(([a, amount], i) => ({
          address: address(a, `body.fixedPayouts[${i}][0]`),
          amount: parseAmount(amount, `body.fixedPayouts[${i}][1]`),
        })),
        settleBy: b.settleBy,
        utxos: decodeUtxos(b.utxos, "body.utxos"),
        ...selectorOf(b),
      };
    },

    register(params: TournamentParams, b: RegisterBody): RegisterInput {
      const registerer = address(b.registererAddress, "body.registererAddress");
      return {
        tournamentId: sameId(params, b),
        registererAddress: registerer,
        changeAddress: changeOr(registerer, b.changeAddress),
        utxos: decodeUtxos(b.utxos, "body.utxos"),
        ...selectorOf(b),
      };
    },

    unregister(params: TournamentParams, b: UnregisterBody): UnregisterInput {
      const registerer = address(b.registererAddress, "body.registererAddress");
      return {
        tournamentId: sameId(params, b),
        registererAddress: registerer,
        changeAddress: changeOr(registerer, b.changeAddress),
        outputRef: b.outputRef,
        utxos: decodeUtxos(b.utxos, "body.utxos"),
        ...selectorOf(b),
      };
    },

    participants(params: TournamentParams, b: ParticipantsBody): ParticipantsInput {
      const admin = address(b.adminAddress, "body.adminAddress");
      return {
        tournamentId: sameId(params, b),
        adminAddress: admin,
        changeAddress: changeOr(admin, b.changeAddress),
        registrations: b.registrations.map((r, i) => ({ address: address(r.address, `body.registrations[${i}].address`), outputRef: r.outputRef })),
        utxos: decodeUtxos(b.utxos, "body.utxos"),
        ...selectorOf(b),
      };
    },

    settle(params: TournamentParams, b: SettleBody): SettleInput {
      const admin = address(b.adminAddress, "body.adminAddress");
      return {
        tournamentId: sameId(params, b),
        adminAddress: admin,
        changeAddress: changeOr(admin, b.changeAddress),
        results: b.results.map((r, i) => address(r, `body.results[${i}]`)),
        utxos: decodeUtxos(b.utxos, "body.utxos"),
        ...selectorOf(b),
      };
    },

    cancel(params: TournamentParams, b: CancelBody): CancelInput {
      const admin = address(b.adminAddress, "body.adminAddress");
      return {
        tournamentId: sameId(params, b),
        adminAddress: admin,
        changeAddress: changeOr(admin, b.changeAddress),
        utxos: decodeUtxos(b.utxos, "body.utxos"),
        ...selectorOf(b),
      };
    },

    /** The change goes to changeAddress, else the caller's address, else the first key-locked UTxO's address. */
    refund(params: TournamentParams, b: RefundBody): CloseInput {
      const paying = decodeUtxos(b.utxos, "body.utxos");
      const caller = b.address === undefined ? undefined : address(b.address, "body.address");
      const fallback = paying.find((u) => isKeyAddress(u.output.address))?.output.address;
      const change = b.changeAddress !== undefined ? address(b.changeAddress, "body.changeAddress") : (caller ?? fallback);
      if (change === undefined) {
        throw new BadRequestError("body.changeAddress (or body.address) is needed: no UTxO of body.utxos is at a key address to send the change to.");
      }
      return { tournamentId: sameId(params, b), changeAddress: change, utxos: paying, ...selectorOf(b) };
    },
  };
}

export interface ListPage {
  readonly selector: ContractSelector;
  readonly limit: number;
  readonly pageState: string | undefined;
}

export function listPage(q: ListQuery): ListPage {
  if (q.pageState !== undefined && q.cursor !== undefined && q.pageState !== q.cursor) {
    throw new BadRequestError("querystring.pageState and querystring.cursor are the same parameter: send one of them.");
  }
  return { selector: selectorOf(q), limit: q.limit ?? DEFAULT_PAGE_LIMIT, pageState: q.pageState ?? q.cursor };
}

export interface RegistrationsPage {
  readonly selector: ContractSelector;
  /** Only registrations with this validity; all when undefined. */
  readonly valid: boolean | undefined;
  readonly page: number;
  readonly limit: number;
}

export function registrationsPage(q: RegistrationsQuery): RegistrationsPage {
  if (q.page !== undefined && q.cursor !== undefined && q.page !== q.cursor) {
    throw new BadRequestError("querystring.page and querystring.cursor are the same parameter: send one of them.");
  }
  return { selector: selectorOf(q), valid: q.valid, page: q.page ?? q.cursor ?? 1, limit: q.limit ?? DEFAULT_PAGE_LIMIT };
}

// The utility endpoints: addresses, native scripts, slot ↔ time. Thin: each handler converts the
// body with ./to-domain.ts, calls one domain function of src/cardano/ and returns what it answers.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { credentialsOf } from "../../../cardano/addresses.js";
import { nativeScriptInfo } from "../../../cardano/native-script-info.js";
import {
  MAX_NATIVE_SCRIPT_DEPTH,
  MAX_NATIVE_SCRIPT_NODES,
  parseNativeScript,
  serializeNativeScript,
} from "../../../cardano/native-scripts.js";
import { BASE_PATH } from "../../paths.js";
import { errorResponses, withExamples } from "../../schemas.js";
import { EXAMPLE_ADDRESS, required } from "../examples.js";
import * as X from "./examples.js";
import { within } from "../within.js";
import { addressAnswer, addressOf, nativeScriptOf } from "./to-domain.js";
import {
  AddressBody,
  AddressInfo,
  NativeScript,
  ParsedAddress,
  ParsedScript,
  ParseScriptBody,
  ScriptInfo,
  ScriptInfoBody,
  SerializedScript,
  SerializeScriptBody,
  SlotAnswer,
  SlotBody,
  TimeAnswer,
  TimeBody,
} from "./schemas.js";

const TAGS = ["Utilities"];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export default async function utilsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Shared within this context, so that bodies and answers can $ref the recursive schema.
  app.addSchema(NativeScript);

  app.post(
    "/utils/addresses/parse",
    {
      schema: {
        operationId: "parseAddress",
        summary: "Payment and stake credential hashes of an address",
        description:
          "Reads an address of any network (bech32 or hex) and answers the hashes of its credentials, key or script alike. " +
          "`stake` is present only when the address carries a stake credential hash (base and reward addresses); a reward " +
          "address answers `stake` alone; a pointer or enterprise address answers `payment` alone. A Byron address has no " +
          `credential hash: it is refused with 400 (read it with POST ${BASE_PATH}/addresses/info). A malformed address is 400 saying what is wrong.`,
        tags: TAGS,
        body: withExamples(AddressBody, { address: EXAMPLE_ADDRESS }),
        response: {
          200: withExamples(ParsedAddress, X.PARSED_ADDRESS),
          ...errorResponses({ 400: required("address") }),
        },
      },
    },
    async (request) =>
      within("body", () =>
        credentialsOf(addressOf(request.body), "address", `Read it with POST ${BASE_PATH}/addresses/info instead.`),
      ),
  );

  app.post(
    "/addresses/info",
    {
      schema: {
        operationId: "getAddressInfo",
        summary: "Everything an address says about itself",
        description:
          "Reads an address of any network (mainnet or testnet): bech32 or hex for Shelley addresses, base58 or hex for Byron " +
          "addresses. Answers its type, network, both text forms and its credentials. A Byron address has no bech32 form: its " +
          "`bech32` field holds the base58 form, `protocolMagic` tells its network and it has no `payment` or `stake`. " +
          "A malformed address (bad checksum, wrong prefix, bad hex, truncated bytes, unknown header type) is 400 saying what is wrong.",
        tags: TAGS,
        body: withExamples(AddressBody, { address: EXAMPLE_ADDRESS }),
        response: { 200: withExamples(AddressInfo, X.ADDRESS_INFO), ...errorResponses({ 400: required("address") }) },
      },
    },
    async (request) => within("body", () => addressAnswer(addressOf(request.body))),
  );

  app.post(
    "/utils/native-scripts/parse",
    {
      schema: {
        operationId: "parseNativeScript",
        summary: "Native script CBOR to JSON, with its policy ID",
        description:
          "Decodes a native script from the ledger's CBOR (hex) into the JSON schema that /utils/native-scripts/serialize takes, " +
          "and answers its policy ID, computed over the bytes as given. `before` is the ledger's InvalidHereafter (CBOR tag 5), " +
          "`after` its InvalidBefore (tag 4). Every script the ledger accepts is read, non-canonical encodings included; an `atLeast` " +
          "may then require more scripts than it has (such a script can never be satisfied, and serialize refuses it). Trailing bytes, " +
          `CBOR that is not a native script, slots beyond 2^53 - 1, nesting deeper than ${MAX_NATIVE_SCRIPT_DEPTH} levels and more than ` +
          `${MAX_NATIVE_SCRIPT_NODES} nodes are 400.`,
        tags: TAGS,
        body: withExamples(ParseScriptBody, X.NATIVE_SCRIPT_CBOR_REQUEST),
        response: {
          200: withExamples(ParsedScript, X.NATIVE_SCRIPT_PARSED),
          ...errorResponses({ 400: required("script") }),
        },
      },
    },
    async (request) => within("body", () => parseNativeScript(request.body.script, "script")),
  );

  app.post(
    "/utils/native-scripts/serialize",
    {
      schema: {
        operationId: "serializeNativeScript",
        summary: "Native script JSON to CBOR, with its policy ID",
        description:
          "Encodes a native script given as JSON into the ledger's CBOR (hex) and answers its policy ID, blake2b-224 of 0x00 ‖ CBOR. " +
          "`atLeast.required` must not exceed the number of its scripts; nodes nest at most " +
          `${MAX_NATIVE_SCRIPT_DEPTH} levels and ${MAX_NATIVE_SCRIPT_NODES} nodes in all; key hashes are 56 hex digits (answered in lower case). ` +
          "A wrong node is 400 naming its path (body.schema.scripts[1].keyHash).",
        tags: TAGS,
        body: withExamples(SerializeScriptBody, X.NATIVE_SCRIPT_JSON_REQUEST),
        response: {
          200: withExamples(SerializedScript, X.NATIVE_SCRIPT_SERIALIZED),
          ...errorResponses({ 400: required("schema") }),
        },
      },
      // Schema validation of a recursive union reports only "does not match": on failure, the domain
      // check below runs first and names the wrong node; the schema's error is the fallback.
      attachValidation: true,
    },
    async (request) =>
      within("body", () => {
        if (request.validationError) {
          // The body did not match its schema, so its type says nothing: look at it as any JSON.
          const body: unknown = request.body;
          if (isRecord(body) && "schema" in body) serializeNativeScript(body["schema"], "schema");
          throw request.validationError;
        }
        return serializeNativeScript(request.body.schema, "schema");
      }),
  );

  app.post(
    "/utils/native-scripts/get-info",
    {
      schema: {
        operationId: "getNativeScriptInfo",
        summary: "What a native script is and asks of a transaction",
        description:
          "Reads a native script given as CBOR (`script`) or as JSON (`schema`; exactly one of the two) and answers both forms, its policy ID, " +
          "the key hashes it names, and the time bounds of its timelocks as slots and as Unix milliseconds on this instance's network " +
          `(${app.config.network}), with the preloadedScripts[] entry to mint with it. The checks and limits of /utils/native-scripts/parse ` +
          "and /serialize apply; both fields or neither is 400.",
        tags: TAGS,
        body: ScriptInfoBody,
        response: { 200: ScriptInfo, ...errorResponses({ 400: X.GET_INFO_NEITHER }) },
      },
      // As for serialize: a wrong node of `schema` is named by the domain check rather than the schema's "does not match".
      attachValidation: true,
    },
    async (request) =>
      within("body", () => {
        const body: unknown = request.body;
        if (request.validationError) {
          if (isRecord(body) && "schema" in body && !("script" in body))
            serializeNativeScript(body["schema"], "schema");
          throw request.validationError;
        }
        // Both ways end in the parsed form: the JSON as the service writes it (key hashes in lower case).
        const { cbor, field } = nativeScriptOf(request.body);
        const read = { ...parseNativeScript(cbor, field), script: cbor };
        const info = nativeScriptInfo(read.schema);
        const at = (slot: number | undefined) => {
          if (slot === undefined) return undefined;
          try {
            return { slot, time: app.eraHistory.slotToTime(slot) };
          } catch {
            return { slot };
          }
        };
        const invalidBefore = at(info.invalidBefore);
        const invalidHereafter = at(info.invalidHereafter);
        return {
          type: read.schema.type,
          policyId: read.policyId,
          script: read.script,
          schema: read.schema,
          keyHashes: info.keyHashes,
          satisfiable: info.satisfiable,
          ...(invalidBefore && { invalidBefore }),
          ...(invalidHereafter && { invalidHereafter }),
          preloadedScript: { type: "simple" as const, script: read.schema, hash: read.policyId },
        };
      }),
  );

  app.post(
    "/utils/network/slot-to-time",
    {
      schema: {
        operationId: "slotToTime",
        summary: "The time a slot begins",
        description:
          `Converts a slot of the network this instance serves (${app.config.network}) to the Unix time in milliseconds at which it ` +
          "begins, following the network's era history exactly: Byron's 20-second slots (mainnet until slot 4492800, preprod until " +
          "slot 86400), then 1-second slots. The devnet has 1-second slots from its own start. A negative, fractional or unsafe slot is 400.",
        tags: TAGS,
        body: withExamples(SlotBody, X.SLOT_TO_TIME_REQUEST),
        response: {
          200: withExamples(TimeAnswer, X.SLOT_TO_TIME_ANSWER),
          ...errorResponses({ 400: required("slot") }),
        },
      },
    },
    async (request) => within("body", () => ({ time: app.eraHistory.slotToTime(request.body.slot, "slot") })),
  );

  app.post(
    "/utils/network/time-to-slot",
    {
      schema: {
        operationId: "timeToSlot",
        summary: "The slot that contains an instant",
        description:
          `Converts a Unix time in milliseconds to the slot of this instance's network (${app.config.network}) that contains it, ` +
          "following the network's era history exactly (Byron's 20-second slots included). A time before the network's start, " +
          "or a negative, fractional or unsafe value, is 400.",
        tags: TAGS,
        body: withExamples(TimeBody, X.TIME_TO_SLOT_REQUEST),
        response: {
          200: withExamples(SlotAnswer, X.TIME_TO_SLOT_ANSWER),
          ...errorResponses({ 400: required("time") }),
        },
      },
    },
    async (request) => within("body", () => ({ slot: app.eraHistory.timeToSlot(request.body.time, "time") })),
  );
}

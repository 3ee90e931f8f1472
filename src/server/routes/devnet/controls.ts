// What a tester does with the devnet besides transactions: GET /devnet (its clock, block cadence,
// tip, faucet, ledger size), POST /devnet/reset (a new genesis), POST /devnet/rollback (a fork:
// the last blocks undone, their transactions applied again or expired), and named snapshots
// (save, list, restore, delete). Reset and restore replace the whole state in the devnet's write queue, so
// submits are serialised with them; this instance's memory of its submissions is forgotten with
// the old state (a transaction's status is then what the chain holds).
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import type { Static } from "typebox";
import type { DevnetPort, DevnetStatus, SnapshotInfo } from "../../../chain/port.js";
import { BASE_PATH } from "../../paths.js";
import { errorResponses, withExamples, withParamExamples } from "../../schemas.js";
import * as X from "./examples.js";
import {
  DevnetResponse,
  RESET_ANSWER,
  ResetBody,
  RestoreResponse,
  RollbackBody,
  RollbackResponse,
  SaveSnapshotBody,
  SnapshotList,
  SnapshotParams,
  SnapshotResponse,
} from "./schemas.js";
import { DEFAULT_FAUCET_LOVELACE } from "./to-domain.js";

export interface DevnetControlsOptions {
  /** The devnet, or a 404 naming `endpoint` (devnetRoutes). */
  readonly devnet: (endpoint: string) => DevnetPort;
}

const NAME_INVALID = {
  code: "SVC_ERR_VALIDATION",
  message:
    'body.name is invalid: The snapshot\'s name. A short slug: 1 to 48 lower-case letters, digits, "-" or "_", starting with a letter or a digit.',
} as const;
const UNKNOWN_SNAPSHOT = {
  code: "SVC_ERR_NOT_FOUND",
  message: 'No devnet snapshot is named "before-settle": there are "genesis", "funded".',
} as const;

export default async function devnetControls(
  fastify: FastifyInstance,
  { devnet }: DevnetControlsOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { faucetMaxLovelace, snapshotLimit } = app.config.devnet;

  const described = (status: DevnetStatus): Static<typeof DevnetResponse> => ({
    systemStart: status.systemStartMs,
    slotLengthMs: status.slotLengthMs,
    slotsPerBlock: 1,
    tip: status.tip,
    faucet: {
      address: status.faucetAddress,
      maxLovelace: String(faucetMaxLovelace),
      defaultLovelace: String(
        DEFAULT_FAUCET_LOVELACE < faucetMaxLovelace ? DEFAULT_FAUCET_LOVELACE : faucetMaxLovelace,
      ),
    },
    utxoCount: status.utxoCount,
  });
  const snapshot = (info: SnapshotInfo): Static<typeof SnapshotResponse> => ({
    ...info,
    savedAt: new Date(info.savedAt).toISOString(),
  });

  app.get(
    "/devnet",
    {
      schema: {
        operationId: "getDevnet",
        summary: "The devnet's clock, block cadence, tip and faucet (devnet only)",
        description:
          "What the devnet is: slot 0's time and the slot length (1 s), one block per slot (empty ones included: height = slot), its tip, " +
          "the faucet's address and its maximum a request, and the number of UTxOs in its ledger. 404 on other networks.",
        tags: ["Devnet"],
        response: { 200: DevnetResponse, ...errorResponses(404, { 404: X.devnetOnly(`GET ${BASE_PATH}/devnet`) }) },
      },
    },
    async () => described(await devnet(`GET ${BASE_PATH}/devnet`).status()),
  );

  app.post(
    "/devnet/reset",
    {
      schema: {
        operationId: "resetDevnet",
        summary: "Start the devnet anew (devnet only)",
        description:
          'Replaces the whole ledger with a new genesis in the same DATA_DIR: every UTxO, transaction, stake registration, pool and DRep is gone, and a new faucet holds the whole supply again. Send {"confirm": "reset"}. ' +
          "The system start stays (slot ↔ time does not change) and the clock follows the wall clock again (what POST /devnet/advance added is dropped). " +
          "Submits sent meanwhile are applied before or after it, never during it. Snapshots stay, and can be restored afterwards. " +
          "Stores that refer to the chain stay as they are and show what the chain holds: a recorded deployment or validator reference whose UTxO is gone is not used (the tournament script is deployed again on first use); " +
          "the statuses this instance remembered of its submissions are forgotten. Answers the devnet as GET /devnet shows it after the reset. 404 on other networks.",
        tags: ["Devnet"],
        body: ResetBody,
        response: {
          200: withExamples(DevnetResponse, RESET_ANSWER),
          ...errorResponses(404, {
            400: {
              code: "SVC_ERR_VALIDATION",
              message:
                'body.confirm must be "reset". Confirms the reset, which deletes every UTxO, transaction and registration of the devnet (its snapshots stay): send {"confirm": "reset"}.',
            },
            404: X.devnetOnly(`POST ${BASE_PATH}/devnet/reset`),
          }),
        },
      },
    },
    async () => {
      const chain = devnet(`POST ${BASE_PATH}/devnet/reset`);
      const status = await chain.reset();
      app.submissions.clear();
      return described(status);
    },
  );

  app.post(
    "/devnet/rollback",
    {
      schema: {
        operationId: "rollbackDevnet",
        summary: "Undo the last blocks, as a fork would (devnet only)",
        description:
          "Undoes the last `blocks` non-empty blocks (1 to 100; a block is the transactions accepted at one slot): their outputs are removed, the outputs they spent are unspent again, " +
          "and they leave the history (GET /transactions/{txHash}, the addresses' UTxOs and the Blockfrost-compatible routes agree at once). The clock does not go back. " +
          "Their transactions then go back on the chain in their order at the next slot, each that the ledger still accepts there; the others (validity interval over, an input spent meanwhile) expire. " +
          "The event stream tells it: tx.rolled_back for each, then tx.confirmed again (a block with a new hash) or tx.expired. " +
          "Refused with 422: more blocks than the devnet holds, or a block with certificates (the stake state is not journaled). 404 on other networks.",
        tags: ["Devnet"],
        body: withExamples(RollbackBody, X.ROLLBACK_REQUEST),
        response: {
          200: withExamples(RollbackResponse, X.ROLLBACK_ANSWER),
          ...errorResponses(404, 422, {
            400: {
              code: "SVC_ERR_VALIDATION",
              message: "body.blocks must be <= 100.",
            },
            404: X.devnetOnly(`POST ${BASE_PATH}/devnet/rollback`),
            422: X.ROLLBACK_TOO_DEEP,
          }),
        },
      },
    },
    async (request) => {
      const chain = devnet(`POST ${BASE_PATH}/devnet/rollback`);
      const done = await chain.rollback(request.body.blocks);
      // This instance's memory of its submissions says why one of them is no longer on the chain.
      for (const { txHash, reason } of done.expired)
        if (app.submissions.outcomeOf(txHash) !== undefined)
          app.submissions.rejected(txHash, `Rolled back by POST /devnet/rollback and no longer valid: ${reason}`);
      app.events.nudge();
      return {
        rolledBack: done.rolledBack.map((t) => ({ ...t })),
        reapplied: [...done.reapplied],
        expired: done.expired.map((t) => ({ ...t })),
        slot: done.slot,
        tip: done.tip,
      };
    },
  );

  app.post(
    "/devnet/snapshots",
    {
      schema: {
        operationId: "saveDevnetSnapshot",
        summary: "Save the devnet as a named snapshot (devnet only)",
        description:
          "Copies the devnet's whole state (its SQLite file, between two transactions: every submit answered before is in it) to DATA_DIR/snapshots/<name>.sqlite. " +
          "A name in use is a 409 unless `overwrite` is true; DEVNET_SNAPSHOT_LIMIT snapshots (20 by default) is the most it keeps: one more is a 409 until one is deleted. 404 on other networks.",
        tags: ["Devnet"],
        body: SaveSnapshotBody,
        response: {
          200: SnapshotResponse,
          ...errorResponses(404, {
            400: NAME_INVALID,
            404: X.devnetOnly(`POST ${BASE_PATH}/devnet/snapshots`),
            409: {
              code: "DEVNET_ERR_SNAPSHOT_EXISTS",
              message:
                'A snapshot named "before-settle" exists already: send "overwrite": true to replace it, or choose another name.',
            },
            503: {
              code: "STORE_ERR_UNAVAILABLE",
              message:
                'The devnet could not save the snapshot "before-settle": the disk under /var/lib/txsvc is full. Nothing was saved; free space under the data directory (DATA_DIR) and try again.',
            },
          }),
        },
      },
    },
    async (request) => {
      const chain = devnet(`POST ${BASE_PATH}/devnet/snapshots`);
      return snapshot(
        await chain.saveSnapshot(request.body.name, {
          overwrite: request.body.overwrite ?? false,
          limit: snapshotLimit,
        }),
      );
    },
  );

  app.get(
    "/devnet/snapshots",
    {
      schema: {
        operationId: "listDevnetSnapshots",
        summary: "List the devnet's snapshots (devnet only)",
        description:
          "Every saved snapshot, oldest first: its name, the slot it was saved at, when, and its size; and how many the devnet keeps at most. 404 on other networks.",
        tags: ["Devnet"],
        response: {
          200: SnapshotList,
          ...errorResponses(404, { 404: X.devnetOnly(`GET ${BASE_PATH}/devnet/snapshots`) }),
        },
      },
    },
    async () => {
      const chain = devnet(`GET ${BASE_PATH}/devnet/snapshots`);
      return { snapshots: (await chain.snapshots()).map(snapshot), limit: snapshotLimit };
    },
  );

  app.post(
    "/devnet/snapshots/:name/restore",
    {
      schema: {
        operationId: "restoreDevnetSnapshot",
        summary: "Put the devnet back as a snapshot holds it (devnet only)",
        description:
          "Replaces the devnet's whole state by the snapshot's, as a restart on it would: the UTxOs, transactions and registrations are those of the snapshot; every transaction accepted since is gone. " +
          "The clock resumes at the snapshot's slot and follows the wall clock from there: the tip goes back (slot ↔ time does not change), so a transaction built since with a validity interval " +
          "starting after that slot is not valid until the devnet's clock reaches it again (POST /devnet/advance moves it). Submits sent meanwhile apply before or after it, never during it. " +
          "The snapshot stays, to be restored again. Survives a restart. 404 for an unknown name, and on other networks.",
        tags: ["Devnet"],
        params: withParamExamples(SnapshotParams, { name: "before-settle" }),
        response: {
          200: RestoreResponse,
          ...errorResponses(404, 422, {
            400: { code: "SVC_ERR_VALIDATION", message: NAME_INVALID.message.replace("body.name", "params.name") },
            404: UNKNOWN_SNAPSHOT,
            422: {
              code: "SVC_ERR_UNPROCESSABLE",
              message:
                'The snapshot "old" was saved by another devnet (system start 2026-11-20T08:00:00.000Z; this one\'s is 2026-11-26T19:00:00.000Z): its slots would mean other times here. Delete it, or restore it in the DATA_DIR it came from.',
            },
          }),
        },
      },
    },
    async (request) => {
      const chain = devnet(`POST ${BASE_PATH}/devnet/snapshots/{name}/restore`);
      const { name } = request.params;
      const status = await chain.restoreSnapshot(name);
      app.submissions.clear();
      const info = (await chain.snapshots()).find((s) => s.name === name);
      if (!info) throw new Error(`the snapshot ${name} vanished during its restore`);
      return { snapshot: snapshot(info), devnet: described(status) };
    },
  );

  app.delete(
    "/devnet/snapshots/:name",
    {
      schema: {
        operationId: "deleteDevnetSnapshot",
        summary: "Delete a snapshot (devnet only)",
        description:
          "Deletes the snapshot's file; the devnet itself does not change. Answers what the snapshot was. 404 for an unknown name, and on other networks.",
        tags: ["Devnet"],
        params: withParamExamples(SnapshotParams, { name: "before-settle" }),
        response: {
          200: SnapshotResponse,
          ...errorResponses(404, {
            400: { code: "SVC_ERR_VALIDATION", message: NAME_INVALID.message.replace("body.name", "params.name") },
            404: UNKNOWN_SNAPSHOT,
          }),
        },
      },
    },
    async (request) =>
      snapshot(await devnet(`DELETE ${BASE_PATH}/devnet/snapshots/{name}`).deleteSnapshot(request.params.name)),
  );
}

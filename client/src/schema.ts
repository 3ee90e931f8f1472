// GENERATED FILE: do not edit. It is the service's OpenAPI document (as GET /v2/services/openapi.json
// serves it on the devnet) turned into TypeScript by openapi-typescript; regenerate with `npm run client:generate`
// (scripts/generate-client.ts). test/client/regeneration.test.ts fails when it is out of date.
/* eslint-disable */
export interface paths {
    "/v2/services/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service health and chain tip
         * @description Never needs an API key. Answers 503 with status degraded when the chain backend is unreachable or not configured, when the devnet cannot write to its disk (full or failing), or when PostgreSQL (DATABASE_URL) or Redis (REDIS_URL) cannot be reached. A real-network backend is asked for its tip once, with a 2 s timeout and no retries, so that health answers within about 3 s even when the backend hangs.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/utils/addresses/parse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Payment and stake credential hashes of an address
         * @description Reads an address of any network (bech32 or hex) and answers the hashes of its credentials, key or script alike. `stake` is present only when the address carries a stake credential hash (base and reward addresses); a reward address answers `stake` alone; a pointer or enterprise address answers `payment` alone. A Byron address has no credential hash: it is refused with 400 (read it with POST /v2/services/addresses/info). A malformed address is 400 saying what is wrong.
         */
        post: operations["parseAddress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/addresses/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Everything an address says about itself
         * @description Reads an address of any network (mainnet or testnet): bech32 or hex for Shelley addresses, base58 or hex for Byron addresses. Answers its type, network, both text forms and its credentials. A Byron address has no bech32 form: its `bech32` field holds the base58 form, `protocolMagic` tells its network and it has no `payment` or `stake`. A malformed address (bad checksum, wrong prefix, bad hex, truncated bytes, unknown header type) is 400 saying what is wrong.
         */
        post: operations["getAddressInfo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/utils/native-scripts/parse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Native script CBOR to JSON, with its policy ID
         * @description Decodes a native script from the ledger's CBOR (hex) into the JSON schema that /utils/native-scripts/serialize takes, and answers its policy ID, computed over the bytes as given. `before` is the ledger's InvalidHereafter (CBOR tag 5), `after` its InvalidBefore (tag 4). Every script the ledger accepts is read, non-canonical encodings included; an `atLeast` may then require more scripts than it has (such a script can never be satisfied, and serialize refuses it). Trailing bytes, CBOR that is not a native script, slots beyond 2^53 - 1, nesting deeper than 32 levels and more than 1000 nodes are 400.
         */
        post: operations["parseNativeScript"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/utils/native-scripts/serialize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Native script JSON to CBOR, with its policy ID
         * @description Encodes a native script given as JSON into the ledger's CBOR (hex) and answers its policy ID, blake2b-224 of 0x00 ‖ CBOR. `atLeast.required` must not exceed the number of its scripts; nodes nest at most 32 levels and 1000 nodes in all; key hashes are 56 hex digits (answered in lower case). A wrong node is 400 naming its path (body.schema.scripts[1].keyHash).
         */
        post: operations["serializeNativeScript"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/utils/native-scripts/get-info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What a native script is and asks of a transaction
         * @description Reads a native script given as CBOR (`script`) or as JSON (`schema`; exactly one of the two) and answers both forms, its policy ID, the key hashes it names, and the time bounds of its timelocks as slots and as Unix milliseconds on this instance's network (devnet), with the preloadedScripts[] entry to mint with it. The checks and limits of /utils/native-scripts/parse and /serialize apply; both fields or neither is 400.
         */
        post: operations["getNativeScriptInfo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/utils/network/slot-to-time": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The time a slot begins
         * @description Converts a slot of the network this instance serves (devnet) to the Unix time in milliseconds at which it begins, following the network's era history exactly: Byron's 20-second slots (mainnet until slot 4492800, preprod until slot 86400), then 1-second slots. The devnet has 1-second slots from its own start. A negative, fractional or unsafe slot is 400.
         */
        post: operations["slotToTime"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/utils/network/time-to-slot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The slot that contains an instant
         * @description Converts a Unix time in milliseconds to the slot of this instance's network (devnet) that contains it, following the network's era history exactly (Byron's 20-second slots included). A time before the network's start, or a negative, fractional or unsafe value, is 400.
         */
        post: operations["timeToSlot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/transactions/build": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Build an unsigned transaction
         * @description Builds and balances an unsigned transaction (payments, native-script mints and burns, metadata, datums, validity, reference inputs, stake and vote delegations, CIP-68 metadata updates) with coin selection over `utxos` (or the change address's UTxOs). Returns it ready to sign: sign `complete` and submit it with POST /transactions/submit. Missing funds, assets that cannot be burned, a missing or mismatched policy script, an address of the other network family, an output below the ledger minimum, an undecodable UTxO string or a transaction over the ledger's 16,384 bytes are 400 with a message saying what to change. On a fresh devnet the example's change address holds nothing: it answers 400 TX_ERR_INSUFFICIENT_FUNDS until POST /devnet/faucet's example, which funds that very address, has run.
         */
        post: operations["buildTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/transactions/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a signed transaction
         * @description Adds the vkey witnesses of `signatures` to the transaction (its body, hence its id, stays byte for byte the same) and submits it. A transaction the ledger already accepted answers 200 with the same txHash. A transaction the ledger rejects is 422 with the ledger's reason, in words that say what to do for a missing signature (the key hashes, the address of each, and its role when the transaction spends a tournament output, whose admin signs, or a registration, whose registrant signs), a validity interval that has ended (the window in UTC: rebuild), an input already spent, a fee below the minimum or a transaction that does not balance; the ledger's own text is then in `detail`. hex or CBOR that does not decode is 400 naming the field.
         */
        post: operations["submitTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/transactions/{txHash}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Transaction status, or the transaction decoded
         * @description confirmed (with its depth, `confirmations`) when the transaction is on the chain; pending when this instance submitted it and it is not in a block yet; rejected (with the ledger's `reason`) when this instance submitted it and the ledger refused it; unknown otherwise. This instance remembers the outcomes of its last 10,000 submissions in memory: after a restart, pending and rejected ones are unknown. With view=decoded, the answer adds the transaction itself, decoded: inputs, reference inputs, collateral, outputs (as GET /addresses/{address}/utxos?view=decoded), mint (burns negative), metadata as JSON by label, fee, validity interval (slots and UTC), required signers and signers. The devnet and Blockfrost give every transaction on the chain; Ogmios + Kupo keep no transaction bodies, so there only one this instance submitted (its last 1,000, in memory) is decoded. A pending transaction this instance submitted is decoded from what it submitted; a rejected one answers its status and reason alone. With view=decoded, a transaction neither the chain nor this instance knows is 404 (the default view answers status unknown). A view other than status or decoded is 400.
         */
        get: operations["getTransactionStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/transactions/{txHash}/wait": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Wait for a transaction
         * @description Answers as soon as the transaction has `confirmations` blocks (its own included), or at once when this instance knows the ledger rejected it (status rejected, with the reason). When `timeout` seconds pass first, answers 200 with the last status seen (pending, unknown, or confirmed but not deep enough) and `timedOut: true`: the request itself did not fail, so this is not a 408 (which HTTP clients retry on their own); wait again or give up. The service looks at the chain every 2 seconds on a real network (every 0.5 s on the devnet), and stops when the client disconnects. A backend that cannot tell a transaction's depth (`confirmations: null`) satisfies only confirmations=1. An API key holds at most 10 waits at once (WAIT_MAX_PER_KEY; requests without a key: per client IP), and the instance 500 (WAIT_MAX_TOTAL): one more is refused at once, 429 AUTH_ERR_WAIT_LIMIT for the key's cap and 503 SVC_ERR_WAITS_FULL for the instance's, both with Retry-After. A wait with timeout=0 looks once and counts against neither.
         */
        get: operations["waitForTransaction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/addresses/{address}/utxos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * UTxOs at an address
         * @description The unspent outputs at a payment address, as UTxO strings (CIP-30 getUtxos() format), or with view=decoded as JSON: lovelace and asset quantities as decimal strings, each asset's name as text when it is printable and its CIP-67 label (100, 222, 333, 444) when it has one, the datum's hash and the inline datum as Plutus data JSON (detailed schema), the reference script's hash. Ordered by output reference (transaction hash, then index). An address of the other network family, a reward address or a Byron address is 400, and so is a view other than cbor or decoded. Pages: `limit` (1 to 100) results per page; pass the answer's `cursor` back as `cursor` for the next page, until it is null (the last page). Unknown query parameters are a 400 SVC_ERR_UNKNOWN_FIELD. Without `limit`, every UTxO comes in one answer (cursor null), as before.
         */
        get: operations["getAddressUtxos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/devnet/faucet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fund an address (devnet only)
         * @description Sends lovelace from the devnet's genesis faucet to an address, in a transaction the ledger validates like any other. Answers once the transaction is accepted and saved. At most DEVNET_FAUCET_MAX_LOVELACE a request (1,000,000 ADA by default; GET /devnet tells it): more is a 400 naming the maximum. 404 on other networks.
         */
        post: operations["fundDevnetAddress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/devnet/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move the devnet clock forward (devnet only)
         * @description Moves the devnet's clock forward by `seconds` slots (one slot per second); afterwards it keeps following wall time from there. Slot-to-time conversion does not change: slot N always starts at the devnet's start + N seconds. 404 on other networks.
         */
        post: operations["advanceDevnetClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/devnet/stake-pools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a stake pool by its id (devnet only)
         * @description Registers a stake pool on the devnet by its id alone, as an operator seeds a test chain (e.g. a preprod pool that the hosted API's examples delegate to). Nobody holds its keys and no deposit is paid: it exists so that accounts can delegate to it, as they would on the network where it is registered (the devnet refuses a delegation to a pool or DRep it does not know, as the ledger does). Saved with the devnet's state: it stays registered across restarts. Idempotent: registering it again answers created: false and changes nothing. 404 on other networks.
         */
        post: operations["registerDevnetStakePool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/devnet/dreps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a DRep by its id (devnet only)
         * @description Registers a key or script DRep on the devnet by its id alone, as an operator seeds a test chain (e.g. a preprod DRep that the hosted API's examples delegate votes to). Nobody holds its keys and no deposit is paid: it exists so that accounts can delegate to it, as they would on the network where it is registered (the devnet refuses a delegation to a pool or DRep it does not know, as the ledger does). Saved with the devnet's state: it stays registered across restarts. Idempotent: registering it again answers created: false and changes nothing. 404 on other networks.
         */
        post: operations["registerDevnetDRep"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/devnet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The devnet's clock, block cadence, tip and faucet (devnet only)
         * @description What the devnet is: slot 0's time and the slot length (1 s), one block per slot (empty ones included: height = slot), its tip, the faucet's address and its maximum a request, and the number of UTxOs in its ledger. 404 on other networks.
         */
        get: operations["getDevnet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/devnet/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start the devnet anew (devnet only)
         * @description Replaces the whole ledger with a new genesis in the same DATA_DIR: every UTxO, transaction, stake registration, pool and DRep is gone, and a new faucet holds the whole supply again. Send {"confirm": "reset"}. The system start stays (slot ↔ time does not change) and the clock follows the wall clock again (what POST /devnet/advance added is dropped). Submits sent meanwhile are applied before or after it, never during it. Snapshots stay, and can be restored afterwards. Stores that refer to the chain stay as they are and show what the chain holds: a recorded deployment or validator reference whose UTxO is gone is not used (the tournament script is deployed again on first use); the statuses this instance remembered of its submissions are forgotten. Answers the devnet as GET /devnet shows it after the reset. 404 on other networks.
         */
        post: operations["resetDevnet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/devnet/rollback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Undo the last blocks, as a fork would (devnet only)
         * @description Undoes the last `blocks` non-empty blocks (1 to 100; a block is the transactions accepted at one slot): their outputs are removed, the outputs they spent are unspent again, and they leave the history (GET /transactions/{txHash}, the addresses' UTxOs and the Blockfrost-compatible routes agree at once). The clock does not go back. Their transactions then go back on the chain in their order at the next slot, each that the ledger still accepts there; the others (validity interval over, an input spent meanwhile) expire. The event stream tells it: tx.rolled_back for each, then tx.confirmed again (a block with a new hash) or tx.expired. Refused with 422: more blocks than the devnet holds, or a block with certificates (the stake state is not journaled). 404 on other networks.
         */
        post: operations["rollbackDevnet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/devnet/snapshots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the devnet's snapshots (devnet only)
         * @description Every saved snapshot, oldest first: its name, the slot it was saved at, when, and its size; and how many the devnet keeps at most. 404 on other networks.
         */
        get: operations["listDevnetSnapshots"];
        put?: never;
        /**
         * Save the devnet as a named snapshot (devnet only)
         * @description Copies the devnet's whole state (its SQLite file, between two transactions: every submit answered before is in it) to DATA_DIR/snapshots/<name>.sqlite. A name in use is a 409 unless `overwrite` is true; DEVNET_SNAPSHOT_LIMIT snapshots (20 by default) is the most it keeps: one more is a 409 until one is deleted. 404 on other networks.
         */
        post: operations["saveDevnetSnapshot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/devnet/snapshots/{name}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put the devnet back as a snapshot holds it (devnet only)
         * @description Replaces the devnet's whole state by the snapshot's, as a restart on it would: the UTxOs, transactions and registrations are those of the snapshot; every transaction accepted since is gone. The clock resumes at the snapshot's slot and follows the wall clock from there: the tip goes back (slot ↔ time does not change), so a transaction built since with a validity interval starting after that slot is not valid until the devnet's clock reaches it again (POST /devnet/advance moves it). Submits sent meanwhile apply before or after it, never during it. The snapshot stays, to be restored again. Survives a restart. 404 for an unknown name, and on other networks.
         */
        post: operations["restoreDevnetSnapshot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/devnet/snapshots/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a snapshot (devnet only)
         * @description Deletes the snapshot's file; the devnet itself does not change. Answers what the snapshot was. 404 for an unknown name, and on other networks.
         */
        delete: operations["deleteDevnetSnapshot"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/tournaments/submit-tx": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a signed tournament transaction
         * @description Adds the vkey witnesses of `signatures` to the transaction (its body, hence its id, stays byte for byte the same) and submits it. A transaction the ledger already accepted answers 200 with the same txHash. A transaction the ledger rejects is 422 with the ledger's reason, in words that say what to do for a missing signature (the key hashes, the address of each, and its role when the transaction spends a tournament output, whose admin signs, or a registration, whose registrant signs), a validity interval that has ended (the window in UTC: rebuild), an input already spent, a fee below the minimum or a transaction that does not balance; the ledger's own text is then in `detail`. hex or CBOR that does not decode is 400 naming the field.
         */
        post: operations["submitTournamentTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/tournaments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tournaments
         * @description The live tournaments of a contract deployment (open, full or expired; ended ones are read one at a time with GET /tournaments/{tournamentId}): outputs at the tournament validator holding one tournament NFT and a datum that decodes and names its ID's registration validator. An output there holding a token of the tournament policy that the service cannot read (a datum that does not decode, another registration validator: the NFT policy cannot check that) is listed too, with status unreadable, what it holds and why: whatever holds value is listed. Ordered by tournament ID. Under 3.0.0 (brackets of up to 1,024) an entry carries participantCount and the first page of its participants, 64 (participantsPage 1, participantsLimit 64): GET /tournaments/{tournamentId} pages the rest; under 2.1.0 every participant (at most 64). Pages: `limit` (1 to 100) results per page; pass the answer's `cursor` back as `cursor` for the next page, until it is null (the last page). Unknown query parameters are a 400 SVC_ERR_UNKNOWN_FIELD. `pageState` is the hosted API's name for the cursor, in the query and in the answer (absent on the last page). contractTitle and contractVersion select a contract deployment (when absent the default, version "3.0.0"; "2.1.0" for a tournament created under contracts v2.1; unknown: 404).
         */
        get: operations["listTournaments"];
        put?: never;
        /**
         * Create a tournament
         * @description Builds the transaction that mints the tournament NFT (its name, the tournament ID, derives from the first of `utxos`, which the transaction consumes) and locks it at the tournament validator with the configuration and the settlement deadline (settleBy) as inline datum, its validity ending before the deadline. The tournament output holds its min-UTxO plus the creator's deposit (the answer's `deposit`): what the prizes exceed a full bracket's entry fees by, so that the prizes are guaranteed on chain; it returns to the admin at settlement (what the prizes leave) or with a cancel or refund. A free tournament (no entryFee, or 0) with sponsored prizes deposits them all. Refused with 400, naming the field and the limit: a name over 64 bytes, a bracket outside 2..64, more placements than the bracket or more than 32, more than 8 fixed payouts (one settlement transaction pays them all), a prize below the ledger minimum of its output, entry fees of a full bracket or prizes above 45000000000000000 lovelace, a settleBy less than 10 minutes or more than 365 days after the chain's time (default 30 days), an entryFee between 0 and 1300000 lovelace (MIN_PAYOUT_LOVELACE: an entry fee is 0 or at least that, the smallest payment the contract returns on its own), a free tournament whose prizes are positive but less than bracketSize × MIN_PAYOUT_LOVELACE (a cancel or refund of its full bracket shares them among the players), an admin address or a fixed payout address that is not a key address (a script or a pointer address), addresses of the other network family. The client signs `complete` and submits it with POST /tournaments/submit-tx. contractTitle and contractVersion select a contract deployment (when absent the default, version "3.0.0"; "2.1.0" for a tournament created under contracts v2.1; unknown: 404).
         */
        post: operations["createTournament"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/tournaments/{tournamentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a tournament
         * @description The tournament, as the chain holds it now: open, full or expired (settleBy reached at the chain's tip). After it ended, as its last output and the transaction that spent it say: status settled (with results and payouts), cancelled or refunded (with refunds), and endedBy naming that transaction; read from the chain on every backend. When the output holding its NFT cannot be read as a tournament (its datum does not decode, or names another registration validator), status unreadable with the value it holds and the reason (the second example); the building endpoints answer 400 for it. 404 when no output of this contract ever held its NFT. `participants` is one page of them, in seat order: participantsLimit (1 to 100, 100 when absent) per page, page participantsPage (from 1, 1 when absent); `participantCount` says how many there are in all, `participantsPage` and `participantsLimit` which page this is (a bracket of up to 100 is whole on page 1 with the defaults). A 400 names the parameter out of range. A v3 tournament whose close split its refunds into batches lists them in `batches`, each with the transaction that paid it. Without contractTitle and contractVersion the tournament is looked up under every deployment the service knows (by its NFT), so that a client needs no version to read it; with them, only under that one.
         */
        get: operations["getTournament"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/tournaments/{tournamentId}/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register to a tournament
         * @description Builds the transaction whose output 0 is the registration: at the tournament's registration address, holding the entry fee (at least the ledger minimum: a free tournament's registration holds only that, returned to the registrant when added), with the registrant's address as inline datum; `outputRef` names it. Refused with 400 when the tournament is full or expired (its settlement deadline passed), the registrant's address is not a key address (only its key can cancel), or it takes a seat already: an address that is a participant, or that has a valid registration waiting to be added (the message names it: unregister it first to register again). changeAddress defaults to registererAddress; without `utxos`, the registrant's UTxOs on chain pay. The client signs `complete` and submits it with POST /tournaments/submit-tx. contractTitle and contractVersion select a contract deployment (when absent the default, version "3.0.0"; "2.1.0" for a tournament created under contracts v2.1; unknown: 404).
         */
        post: operations["registerToTournament"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/tournaments/{tournamentId}/unregister": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a registration
         * @description Builds the transaction that spends the registration (Cancel) and refunds the whole output to the registrant, who must sign it (required signer). Refused with 400 when registererAddress is not the registration's address, or the output is not an unspent registration of this tournament (already added or cancelled). A registration left after the tournament ended (settled, cancelled, refunded) can still be cancelled. A registration whose datum is a datum hash, not inline, is refused with a 400 that says how its registrant can cancel it with a transaction of their own. changeAddress defaults to registererAddress. The tournament's registration validator (about 800 bytes, one per tournament) is attached inline: by reference it would save about 22,000 lovelace per transaction but lock about 4.8 ADA for good in its deployment, more than a tournament's few such transactions save. The client signs `complete` and submits it with POST /tournaments/submit-tx. contractTitle and contractVersion select a contract deployment (when absent the default, version "3.0.0"; "2.1.0" for a tournament created under contracts v2.1; unknown: 404).
         */
        post: operations["unregisterFromTournament"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/tournaments/{tournamentId}/registrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a tournament's registrations
         * @description Every output at the tournament's registration address, ordered by output reference, also after the tournament ended (what is left there can be cancelled by its registrant). `valid` when its inline datum is exactly the canonical encoding of an address with a key payment credential, it holds at least the entry fee, and what it holds beyond the fee can be returned in an output of its own (at least 1300000 lovelace, MIN_PAYOUT_LOVELACE, and that output's ledger minimum when it carries tokens). An invalid one carries `reason`, a sentence: outputs with another datum (or none, or a datum hash) are listed with address null, a script address as it is; neither can be added, nor can an overpayment too small to return (its registrant can unregister it); an underpaid one can be added, the admin paying what it lacks. An address takes one seat: a registration of a participant, or of an address that an earlier valid registration (in the ledger's order, by output reference) registers already, is invalid with the reason (an add skips it; the service refuses to build one, a transaction built elsewhere can still make it). Filter with `valid`. Pages: `limit` (1 to 100) results per page; pass the answer's `cursor` back as `cursor` for the next page, until it is null (the last page). Unknown query parameters are a 400 SVC_ERR_UNKNOWN_FIELD. Here a cursor is a page number (from 1), and `page` its other name, as in the hosted API; the answer also gives `page` and `limit`. Without contractTitle and contractVersion the tournament is looked up under every deployment the service knows (by its NFT), so that a client needs no version to read it; with them, only under that one.
         */
        get: operations["listTournamentRegistrations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/tournaments/{tournamentId}/participants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add participants
         * @description Builds the admin's transaction that consumes the given registrations and appends their addresses to the tournament's datum, in the ledger's input order (by output reference). Output 0 continues the tournament, grown by exactly the entry fee per participant; the admin's UTxOs pay what an underpaid registration lacks. What a registration holds beyond the entry fee (an overpayment, a free tournament's registration, any token) goes back to its registrant: outputs 1, 2, … in the same order, each tagged [tournamentId, the registrant's participant index]. The validity ends before settleBy. Refused with 400: more than 40 registrations (split them into several requests, each submitted before the next), a transaction over the ledger's size or execution limits, not the admin, more participants than the bracket, an output that is not an unspent registration of this tournament, a registration whose datum is not exactly a key address, an address that differs from the registration's datum, a registration overpaid by less than 1300000 lovelace (MIN_PAYOUT_LOVELACE) or carrying tokens whose return its lovelace beyond the fee cannot pay (the contract makes nobody fund another's return; listed as valid false with the reason, its registrant can unregister it). An address takes one seat: a registration of a participant, or of an address that another registration of the request registers first (in the ledger's order), is skipped and named in the answer's `skipped` (the registrations listing marks it valid false); a request whose every registration is skipped is 400. After the settlement deadline (settleBy; status expired) adding is refused with a 400 that points to POST /tournaments/{tournamentId}/refund. changeAddress defaults to adminAddress; without `utxos`, the admin's UTxOs on chain pay. The answer says how many participants the tournament has once it is on chain (participantCount) and how many seats are left (seatsLeft). The tournament's registration validator (about 800 bytes, one per tournament) is attached inline: by reference it would save about 22,000 lovelace per transaction but lock about 4.8 ADA for good in its deployment, more than a tournament's few such transactions save. The client signs `complete` and submits it with POST /tournaments/submit-tx. contractTitle and contractVersion select a contract deployment (when absent the default, version "3.0.0"; "2.1.0" for a tournament created under contracts v2.1; unknown: 404).
         */
        post: operations["addTournamentParticipants"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/tournaments/{tournamentId}/settle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Settle a tournament
         * @description Builds the admin's transaction that pays payoutStructure[i] to results[i] and every fixed payout, each in its own output tagged with [tournamentId, payout index] as inline datum (placements 0..P-1, then fixed payouts), burns the NFT and sends the rest of the pool to the change address (default adminAddress). The validity ends before settleBy. Refused with 400: not the admin, a bracket that is not full, results that are not participants, repeat one, or are fewer than the placements. After the settlement deadline (settleBy; status expired) settling is refused with a 400 that points to POST /tournaments/{tournamentId}/refund. The client signs `complete` and submits it with POST /tournaments/submit-tx. contractTitle and contractVersion select a contract deployment (when absent the default, version "3.0.0"; "2.1.0" for a tournament created under contracts v2.1; unknown: 404).
         */
        patch: operations["settleTournament"];
        trace?: never;
    };
    "/v2/services/tournaments/{tournamentId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a tournament (admin)
         * @description Builds the admin's transaction that ends the tournament at any time, before or after the deadline (e.g. a bracket that did not fill): the admin must sign (required signer). The transaction burns the NFT and pays each of the N participants in outputs 0..N-1 (in participant order, output k tagged with [tournamentId, k] as inline datum). Before the bracket is full: the entry fee back (none when entry is free), then the rest of the tournament output (the deposit and the min-UTxO) to the admin in the next output, tagged [tournamentId, N]. Once the bracket is full the prizes belong to the players: participant k gets the entry fee plus floor(D / N) of the deposit D (the tournament's `deposit`), participant 0 also D mod N, and the admin only what is left (the min-UTxO), as the contract requires (the tournament's `exitRule`). Registrations not added stay cancellable by their registrants (POST /tournaments/{tournamentId}/unregister). Refused with 400 when adminAddress is not the tournament's admin. 404 when there is no live tournament with this ID (it does not exist or already ended). changeAddress defaults to adminAddress. Under contract version 3.0.0 one transaction per call: while the tournament is live, the close (step close); a close of more than 64 participants pays none of them but splits what they are owed into batch UTxOs of 64 seats (batchesRemaining says how many), and each later call, to this endpoint or the other of cancel and refund, by anyone and with no signature beyond the payer's, builds the transaction that pays one batch (step batch; body `batch` picks which, else the lowest unpaid), each seat tagged [tournamentId, seat] and paid once. 400 when nothing is left to pay. GET /tournaments/{tournamentId} lists the batches and who paid them. (After the close adminAddress only pays: the batches are anyone's.) The client signs `complete` and submits it with POST /tournaments/submit-tx. contractTitle and contractVersion select a contract deployment (when absent the default, version "3.0.0"; "2.1.0" for a tournament created under contracts v2.1; unknown: 404).
         */
        post: operations["cancelTournament"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/tournaments/{tournamentId}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund an expired tournament (anyone)
         * @description Builds the transaction that ends a tournament whose settlement deadline has passed (status expired), with no signature but the caller's for the UTxOs that pay the fee and the collateral: nobody's coins depend on the admin. Its validity starts after settleBy. The transaction burns the NFT and pays each of the N participants in outputs 0..N-1 (in participant order, output k tagged with [tournamentId, k] as inline datum). Before the bracket is full: the entry fee back (none when entry is free), then the rest of the tournament output (the deposit and the min-UTxO) to the admin in the next output, tagged [tournamentId, N]. Once the bracket is full the prizes belong to the players: participant k gets the entry fee plus floor(D / N) of the deposit D (the tournament's `deposit`), participant 0 also D mod N, and the admin only what is left (the min-UTxO), as the contract requires (the tournament's `exitRule`). Registrations not added stay cancellable by their registrants (POST /tournaments/{tournamentId}/unregister). Refused with 400 before the deadline (the message gives settleBy in UTC; before it only the admin can cancel). 404 when there is no live tournament with this ID (it does not exist or already ended). Under contract version 3.0.0 one transaction per call: while the tournament is live, the close (step close); a close of more than 64 participants pays none of them but splits what they are owed into batch UTxOs of 64 seats (batchesRemaining says how many), and each later call, to this endpoint or the other of cancel and refund, by anyone and with no signature beyond the payer's, builds the transaction that pays one batch (step batch; body `batch` picks which, else the lowest unpaid), each seat tagged [tournamentId, seat] and paid once. 400 when nothing is left to pay. GET /tournaments/{tournamentId} lists the batches and who paid them. The client signs `complete` and submits it with POST /tournaments/submit-tx. contractTitle and contractVersion select a contract deployment (when absent the default, version "3.0.0"; "2.1.0" for a tournament created under contracts v2.1; unknown: 404).
         */
        post: operations["refundTournament"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/blueprints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your blueprints, with filters
         * @description The blueprints stored with your API key that match every filter given: `title` and `version` (the preamble's, exactly), `hash` (holds a validator of that hash). Oldest first, in pages of `limit` (default 20). Pages: `limit` (1 to 100) results per page; pass the answer's `cursor` back as `cursor` for the next page, until it is null (the last page). Unknown query parameters are a 400 SVC_ERR_UNKNOWN_FIELD. `pageState` is the hosted API's name for the cursor, in the query and in the answer (absent on the last page). A page also ends before the blueprint that would bring the stored JSON it reads over 4096 KiB (LIST_MAX_BYTES; a page holds at least one blueprint), so a page of large blueprints may hold fewer than `limit`: follow cursor until it is null. Each result describes the blueprint (validators, addresses, refs); with `include=blueprint` it also carries the blueprint JSON as stored. Blueprints belong to the API key that stored them (and to the keys it is rotated into); requests without a key (AUTH=optional, the devnet's default) share one space of their own. Another key's blueprints cannot be seen, used or deleted: asking for one is a 404.
         */
        get: operations["listBlueprints"];
        put?: never;
        /**
         * Store a blueprint (create or update), and where its validators are deployed
         * @description Stores a CIP-57 blueprint (an Aiken plutus.json) for your API key and answers its validators and their script addresses. A blueprint is identified by the set of its validators' hashes: storing one whose hashes are those of a blueprint you store updates that one (its JSON replaced, its refs merged), anything else is a new blueprint (title and version need not be unique). Send it again with `refs` to record where validators are deployed as reference scripts (after submitting the transaction that deploys them to their scriptAddresses): builds then spend and mint with them by reference. Blueprints belong to the API key that stored them (and to the keys it is rotated into); requests without a key (AUTH=optional, the devnet's default) share one space of their own. Another key's blueprints cannot be seen, used or deleted: asking for one is a 404. A blueprint that is not CIP-57, a hash that is not its compiledCode's, a ref naming a hash the blueprint does not hold, or a new blueprint beyond the 200 one key may store is 400 naming the field; a body over the service's body limit (BODY_LIMIT, 1 MiB by default) is 413.
         */
        post: operations["upsertBlueprint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/blueprints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete one of your blueprints
         * @description Deletes the blueprint of this ID that you store, with its recorded refs (the reference scripts stay on chain). A blueprint you do not store, whether another key's or none at all, is 404. Blueprints belong to the API key that stored them (and to the keys it is rotated into); requests without a key (AUTH=optional, the devnet's default) share one space of their own. Another key's blueprints cannot be seen, used or deleted: asking for one is a 404.
         */
        delete: operations["deleteBlueprint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/blueprints/apply-params": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply parameters to validators
         * @description Applies parameter values to parameterized validators by UPLC application (Plutus V1, V2 and V3), and answers the applied validators as a preloaded script to build with, and their addresses by their new hashes. `params` gives, for each validator hash (as in the blueprint, before application), the values of all its parameters in order, each as JSON by the parameter's schema (bytes as hex, for a ByteArray) or as Plutus data CBOR hex. The blueprint is the one sent, or the one of yours that `blueprint: {title, version?}` names, or else the one of yours that holds the hashes (404 naming the hash when none does). Nothing is stored. A hash the blueprint does not hold, a wrong number of values, or a value that does not match its parameter's schema is 400 naming it (body.params.<hash>[i]). Blueprints belong to the API key that stored them (and to the keys it is rotated into); requests without a key (AUTH=optional, the devnet's default) share one space of their own. Another key's blueprints cannot be seen, used or deleted: asking for one is a 404.
         */
        post: operations["applyBlueprintParams"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/validators/{hash}/address": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The address of a script
         * @description The address of the script of this hash on this instance's network (devnet), bech32 and hex: the enterprise address (no stake part), or with `stakeKeyHash` or `stakeScriptHash` the base address that delegates to that credential. Any script hash is answered, whether a blueprint holds it or not: the address is a function of the hash.
         */
        get: operations["getValidatorAddress"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/validators/{hash}/serialize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A datum or redeemer as Plutus data, by the validator's schema
         * @description Converts a datum or redeemer given as JSON into Plutus data (CBOR hex) by the schema that your stored blueprint holding this validator gives it for `type` and `purpose`: what to put in an inline datum or a redeemer. No blueprint of yours holds the hash: 404 naming it. Data that does not match the schema is 400 naming the path in it that does not (body.data.owner, body.data.fields[1]…). Blueprints belong to the API key that stored them (and to the keys it is rotated into); requests without a key (AUTH=optional, the devnet's default) share one space of their own. Another key's blueprints cannot be seen, used or deleted: asking for one is a 404.
         */
        post: operations["serializeValidatorData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/validators/{hash}/parse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Plutus data as the JSON of a datum or redeemer, by the validator's schema
         * @description Reads Plutus data (CBOR hex) as the JSON of a datum or redeemer, by the schema that your stored blueprint holding this validator gives it for `type` and `purpose`; the answer is that JSON itself, the form serialize takes. No blueprint of yours holds the hash: 404 naming it. Data that is not valid CBOR, or does not match the schema, is 400 naming where (body.data.hex, and the path in the data). Blueprints belong to the API key that stored them (and to the keys it is rotated into); requests without a key (AUTH=optional, the devnet's default) share one space of their own. Another key's blueprints cannot be seen, used or deleted: asking for one is a 404.
         */
        post: operations["parseValidatorData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stream events (server-sent events)
         * @description A text/event-stream of what happens, oldest first, each event as `id:`, `event:` (its type) and `data:` (JSON: id, type, point {slot, blockHash, blockHeight, txHash}, createdAt in Unix ms, and data) lines. tx.submitted: a transaction this service accepted through POST /transactions/submit or /tournaments/submit-tx (data: GET /transactions/{txHash}'s answer then, status pending). tx.confirmed: a transaction in a block (data: {txHash, status confirmed, confirmations: 1}). address.spent and address.received: one per output a transaction spent from, or created at, an address (data: the output as GET /addresses/{address}/utxos?view=decoded gives it). A transaction's events come in this order: tx.confirmed, its outputs spent, its outputs received. Tournament events (v3 and v2.1 tournaments), derived after each block from what its transactions did, after that block's transaction and address events: tournament.created (its NFT minted); tournament.registration_received and tournament.registration_cancelled (an output created at a live tournament's registration address, or spent from it by anything but an add; data.registration {outputRef, address} names it); tournament.participants_added (an add; data.added: the addresses of the seats it took, in seat order), then tournament.full when the count reaches bracketSize; tournament.deadline_passed (the first block at or after settleBy while the tournament is live, before the tournament events of that block's transactions; point.txHash null: the devnet makes a block with the next transaction, not when its clock moves); tournament.settled, tournament.cancelled, tournament.refunded (the transaction that ended it). Their data: GET /tournaments/{tournamentId}'s answer as of their block (participants page 1 of 100), with the fields named; their addresses (the `address` filter): the tournament validator's, the registration address, and the players concerned (the registrant, the seats added, the payees). Registrations of an ended tournament (still cancellable) make none. Chain-derived events (tx.confirmed, address.*, tournament.*) come from the devnet's follower for now: on preview, preprod and mainnet the stream carries tx.submitted only until the Ogmios and Blockfrost followers arrive. The devnet has no blocks: a block here is a run of transactions accepted at one slot, its height counted from 1 and its hash blake2b-256 of the previous block's hash and its transactions' ids. The types: tx.submitted, tx.confirmed, tx.rolled_back, tx.expired, address.received, address.spent, tournament.created, tournament.registration_received, tournament.registration_cancelled, tournament.participants_added, tournament.full, tournament.deadline_passed, tournament.settled, tournament.cancelled, tournament.refunded (tx.rolled_back and tx.expired come with a later release). Filters (`types`, `address`, `txHash`, `tournamentId`) must all match. To resume, send the last id received as the Last-Event-ID header (browsers' EventSource does) or as `after`: the stream replays what followed, then goes on live, losing and repeating nothing. Events are kept EVENT_RETENTION_HOURS hours (24) and at most EVENT_RETENTION_MAX (1,000,000); resuming from an id no longer kept starts with a `stream.gap` event (no id) naming the oldest id kept. Without Last-Event-ID or `after`, the stream starts with the next event recorded. A comment line (`: keep-alive`) comes every 15 s (EVENT_KEEPALIVE_SECONDS). An API key holds at most 4 streams at once (EVENT_STREAMS_PER_KEY; without a key: per client IP) and the instance 256 (EVENT_STREAMS_TOTAL): one more is 429 AUTH_ERR_STREAM_LIMIT with Retry-After. A client that stops reading is disconnected once it leaves more than EVENT_STREAM_BUFFER_BYTES (1 MiB) unread. An unknown type, an address of the other network family or not a payment address, a txHash or tournamentId not 64 hex digits, and a Last-Event-ID (or `after`) that is not an id, or is after the latest id recorded, are 400 naming the field.
         */
        get: operations["streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your webhooks
         * @description Your API key's webhooks, oldest first, without their secrets. Pages: `limit` (1 to 100) results per page; pass the answer's `cursor` back as `cursor` for the next page, until it is null (the last page). Unknown query parameters are a 400 SVC_ERR_UNKNOWN_FIELD. Webhooks belong to the API key that created them (and to the keys it is rotated into): a key is required, and another key's webhook is a 404.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Create a webhook
         * @description Creates a webhook for your API key: every event recorded from now on that passes its filter (the GET /events filter keys: `types`, `address`, `txHash`, `tournamentId`, all of those given must match) is POSTed to `url`. The answer holds the signing `secret`, shown this once. Each delivery is a POST of the event's JSON (as GET /events's data: line gives it: id, type, point, createdAt, data) with the headers Webhook-Id (the webhook's id and the event's, joined by a dot: the same on every attempt, to drop repeats: delivery is at least once) and Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")> (check it on the raw body, with a tolerance on t; the typed client's verifyWebhook does both, the README shows it in node:crypto). A 2xx is delivered. A timeout (WEBHOOK_TIMEOUT_SECONDS, 10), a connection error, a 408, a 429 or a 5xx is retried after min(1 h, 5 s·2^n) ±20 % (WEBHOOK_RETRY_BASE_MS, WEBHOOK_RETRY_MAX_SECONDS); any other 4xx, and a 3xx (redirects are not followed), fails the delivery. After 10 failed attempts in a row (WEBHOOK_PAUSE_AFTER_FAILURES), or 24 h of failures (WEBHOOK_PAUSE_AFTER_HOURS), the webhook is paused with the reason; its events are still queued, and POST /webhooks/{id}/resume delivers them. A delivery not made within EVENT_RETENTION_HOURS (24) of its queueing is given up: failed in the log, saying so. Deliveries are not ordered (retries and concurrent attempts): order by the event id. A webhook whose API key is revoked (without a successor by rotation) is paused at its next delivery, which is not made. A key has at most 10 webhooks (WEBHOOK_MAX_PER_KEY). Webhooks belong to the API key that created them (and to the keys it is rotated into): a key is required, and another key's webhook is a 404. A URL that is not http(s), holds credentials, is longer than 2,048 characters, does not resolve, or (off the devnet) resolves to a non-public address; an unknown type; an address of the other network family; one more webhook than the limit: 400 naming the field.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of your webhooks
         * @description The webhook, its filter and its state (paused: why), without its secret. Webhooks belong to the API key that created them (and to the keys it is rotated into): a key is required, and another key's webhook is a 404.
         */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete one of your webhooks
         * @description Deletes the webhook and its delivery log; its pending deliveries are not made. Webhooks belong to the API key that created them (and to the keys it is rotated into): a key is required, and another key's webhook is a 404.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A webhook's delivery log
         * @description The webhook's deliveries, newest event first: the event, its Webhook-Id, the attempts made, the state, the last status or error, the next attempt. Delivered and failed ones are kept EVENT_RETENTION_HOURS; pending ones until they end. Pages: `limit` (1 to 100) results per page; pass the answer's `cursor` back as `cursor` for the next page, until it is null (the last page). Unknown query parameters are a 400 SVC_ERR_UNKNOWN_FIELD. Webhooks belong to the API key that created them (and to the keys it is rotated into): a key is required, and another key's webhook is a 404.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test delivery
         * @description POSTs a `webhook.test` event to the webhook now (paused or not), signed as every delivery is, and answers what the receiver answered. Not queued, not retried, not counted among the webhook's failures; its Webhook-Id is the webhook's id and test-<Unix ms>. The answer is 200 whatever the receiver said: `delivered`, `status` and `error` tell. One test delivery per key at a time, 8 in the instance (WEBHOOK_CONCURRENCY): one more is 429 AUTH_ERR_WEBHOOK_TEST_LIMIT. Webhooks belong to the API key that created them (and to the keys it is rotated into): a key is required, and another key's webhook is a 404.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/services/webhooks/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a paused webhook
         * @description Sets the webhook active again, its failures forgotten: its pending deliveries, those queued while it was paused among them, are due at once. An active webhook stays as it is (its pending deliveries due at once). Webhooks belong to the API key that created them (and to the keys it is rotated into): a key is required, and another key's webhook is a 404.
         */
        post: operations["resumeWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service health and chain tip
         * @description Never needs an API key. Answers 503 with status degraded when the chain backend is unreachable or not configured, when the devnet cannot write to its disk (full or failing), or when PostgreSQL (DATABASE_URL) or Redis (REDIS_URL) cannot be reached. A real-network backend is asked for its tip once, with a 2 s timeout and no retries, so that health answers within about 3 s even when the backend hangs.
         */
        get: operations["getRootHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description Never needs an API key. The instance's counters, histograms and gauges in Prometheus's text exposition format: requests by route and status with latency, builds and submits by outcome, chain backend calls by backend, method and outcome with latency, quota refusals, the devnet ledger's size and the process's own. Each instance counts its own requests: scrape every instance of a fleet.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Every error answer has this shape. */
        ErrorBody: {
            /** @description The HTTP status code. */
            statusCode: number;
            /** @description The HTTP reason phrase. */
            error: string;
            /**
             * @description What went wrong, as a stable machine-readable code for clients to act on; docs/errors.md says when each happens and what to do.
             * @enum {string}
             */
            code: "SVC_ERR_VALIDATION" | "SVC_ERR_UNKNOWN_FIELD" | "SVC_ERR_BAD_REQUEST" | "SVC_ERR_CBOR_LIMIT" | "SVC_ERR_NOT_FOUND" | "SVC_ERR_UNPROCESSABLE" | "SVC_ERR_INTERNAL" | "SVC_ERR_BUSY" | "HTTP_ERR_INVALID_JSON" | "HTTP_ERR_BAD_URL" | "HTTP_ERR_MALFORMED" | "HTTP_ERR_UNKNOWN_ENDPOINT" | "HTTP_ERR_METHOD_NOT_ALLOWED" | "HTTP_ERR_TIMEOUT" | "HTTP_ERR_BODY_TOO_LARGE" | "HTTP_ERR_PARAM_TOO_LONG" | "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE" | "HTTP_ERR_HEADERS_TOO_LARGE" | "HTTP_ERR_REFUSED" | "AUTH_ERR_UNAUTHORIZED" | "AUTH_ERR_THROTTLED" | "AUTH_ERR_WAIT_LIMIT" | "SVC_ERR_WAITS_FULL" | "AUTH_ERR_STREAM_LIMIT" | "AUTH_ERR_WEBHOOK_TEST_LIMIT" | "CHAIN_ERR_UNAVAILABLE" | "CHAIN_ERR_LEDGER_REJECTED" | "CHAIN_ERR_SEATS_UNREADABLE" | "STORE_ERR_UNAVAILABLE" | "TX_ERR_INSUFFICIENT_FUNDS" | "TX_ERR_TOO_LARGE" | "DEVNET_ERR_SNAPSHOT_EXISTS" | "DEVNET_ERR_SNAPSHOT_LIMIT";
            /** @description What went wrong, naming the field and the reason. */
            message: string;
            /**
             * @description The backend's own words behind `message`, when the message translates them: a ledger refusal (CHAIN_ERR_LEDGER_REJECTED, or the evaluator's refusal at build) keeps the ledger's text here. Absent otherwise.
             * @example Transaction "14d2…dcce" is outside the validity interval ValidityInterval(Some(5),Some(25)) for slot 65
             */
            detail?: string;
            /**
             * @description The id of the request (also in the X-Request-Id header of every answer): the client's own X-Request-Id when it sent a sane one (1 to 128 letters, digits, `-_.:`), otherwise a new UUID. Quote it when reporting a problem: the service's log lines carry it.
             * @example 5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10
             */
            requestId: string;
        };
        /** @description A native script node: sig, all, any, atLeast, before or after. Nodes nest at most 32 levels and a script has at most 1000 nodes. */
        NativeScript: {
            /**
             * @description Requires a signature.
             * @enum {string}
             */
            type: "sig";
            /** @description The 28-byte hash of the verification key that must sign, hex. */
            keyHash: string;
        } | {
            /**
             * @description Requires every sub-script.
             * @enum {string}
             */
            type: "all";
            /** @description The sub-scripts, each a native script node. */
            scripts: components["schemas"]["NativeScript"][];
        } | {
            /**
             * @description Requires one sub-script.
             * @enum {string}
             */
            type: "any";
            /** @description The sub-scripts, each a native script node. */
            scripts: components["schemas"]["NativeScript"][];
        } | {
            /**
             * @description Requires `required` sub-scripts.
             * @enum {string}
             */
            type: "atLeast";
            /** @description How many sub-scripts must hold; at most the number of sub-scripts. */
            required: number;
            /** @description The sub-scripts, each a native script node. */
            scripts: components["schemas"]["NativeScript"][];
        } | {
            /**
             * @description A deadline.
             * @enum {string}
             */
            type: "before";
            /** @description The first slot at which the script no longer holds. */
            slot: number;
        } | {
            /**
             * @description A start.
             * @enum {string}
             */
            type: "after";
            /** @description The first slot at which the script holds. */
            slot: number;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service's health: ok with the chain tip, or degraded with the reason. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok",
                     *       "network": "devnet",
                     *       "version": "0.1.0",
                     *       "backend": "devnet",
                     *       "tip": {
                     *         "slot": 15,
                     *         "time": 1795516429000
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description ok when the chain backend answers (and, on the devnet, its disk takes writes). */
                        status: "ok" | "degraded";
                        /** @description The network this instance serves: devnet, preview, preprod or mainnet. */
                        network: string;
                        /** @description The service version. */
                        version: string;
                        /** @description The chain backend: devnet, blockfrost, ogmios-kupo, or null when none is configured. */
                        backend: string | null;
                        /** @description The chain tip, when the backend answers. */
                        tip?: {
                            /** @description The current slot. */
                            slot: number;
                            /** @description Unix milliseconds of the current slot's start. */
                            time: number;
                        };
                        /** @description Why the service is degraded. */
                        reason?: string;
                        /** @description Real networks: how the backend's script evaluations compared with the service's local Scalus evaluation since start. */
                        evaluationCheck?: {
                            /** @description Evaluations where the local one gave the backend's budgets (or both refused). */
                            agreed: number;
                            /** @description Evaluations where they differed (the backend's answer was used; each is logged as a warning). */
                            disagreed: number;
                            /** @description Evaluations the local evaluator could not run (e.g. an input it could not resolve). */
                            localFailed: number;
                        };
                    };
                };
            };
            /** @description The service's health: ok with the chain tip, or degraded with the reason. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "degraded",
                     *       "network": "preprod",
                     *       "version": "0.1.0",
                     *       "backend": null,
                     *       "reason": "No chain backend is configured for preprod: set BLOCKFROST_PROJECT_ID, or OGMIOS_URL and KUPO_URL."
                     *     }
                     */
                    "application/json": {
                        /** @description ok when the chain backend answers (and, on the devnet, its disk takes writes). */
                        status: "ok" | "degraded";
                        /** @description The network this instance serves: devnet, preview, preprod or mainnet. */
                        network: string;
                        /** @description The service version. */
                        version: string;
                        /** @description The chain backend: devnet, blockfrost, ogmios-kupo, or null when none is configured. */
                        backend: string | null;
                        /** @description The chain tip, when the backend answers. */
                        tip?: {
                            /** @description The current slot. */
                            slot: number;
                            /** @description Unix milliseconds of the current slot's start. */
                            time: number;
                        };
                        /** @description Why the service is degraded. */
                        reason?: string;
                        /** @description Real networks: how the backend's script evaluations compared with the service's local Scalus evaluation since start. */
                        evaluationCheck?: {
                            /** @description Evaluations where the local one gave the backend's budgets (or both refused). */
                            agreed: number;
                            /** @description Evaluations where they differed (the backend's answer was used; each is logged as a warning). */
                            disagreed: number;
                            /** @description Evaluations the local evaluator could not run (e.g. an input it could not resolve). */
                            localFailed: number;
                        };
                    };
                };
            };
        };
    };
    parseAddress: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "address": "addr_test1qzlc4t5df7pq2kzaud72lqpzlku5geuk5mfhlmfhzq6yg6kd934hmw7k5zpx4zff9l6uvwu989hq2ylyxdne0zey502s9x624y"
                 *     }
                 */
                "application/json": {
                    /** @description A Cardano address of any network: bech32 (addr1…, addr_test1…, stake1…, stake_test1…), its bytes as hex, or a Byron address in base58 (Ae2…, DdzFF…) or hex. */
                    address: string;
                };
            };
        };
        responses: {
            /** @description The credential hashes of a Shelley address. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payment": "bf8aae8d4f8205585de37caf8022fdb9446796a6d37fed371034446a",
                     *       "stake": "cd2c6b7dbbd6a0826a89292ff5c63b85396e0513e43367978b24a3d5"
                     *     }
                     */
                    "application/json": {
                        /** @description The payment credential hash (key or script), lowercase hex. Absent for a reward (stake) address. */
                        payment?: string;
                        /** @description The stake credential hash (key or script), lowercase hex. Present only when the address carries one: base and reward addresses; not enterprise or pointer addresses. */
                        stake?: string;
                        /**
                         * @description Fields of the request that this service does not know and ignored (the hosted API's clients send some of their own), one sentence each. Absent when there is none. An unknown field that looks like a typo of a known one is a 400 SVC_ERR_UNKNOWN_FIELD instead.
                         * @example [
                         *       "body.walletName is not a field of the request body: it was ignored."
                         *     ]
                         */
                        warnings?: string[];
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "body.address is required.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAddressInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "address": "addr_test1qzlc4t5df7pq2kzaud72lqpzlku5geuk5mfhlmfhzq6yg6kd934hmw7k5zpx4zff9l6uvwu989hq2ylyxdne0zey502s9x624y"
                 *     }
                 */
                "application/json": {
                    /** @description A Cardano address of any network: bech32 (addr1…, addr_test1…, stake1…, stake_test1…), its bytes as hex, or a Byron address in base58 (Ae2…, DdzFF…) or hex. */
                    address: string;
                };
            };
        };
        responses: {
            /** @description What the address says about itself. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "base",
                     *       "networkId": 0,
                     *       "bech32": "addr_test1qzlc4t5df7pq2kzaud72lqpzlku5geuk5mfhlmfhzq6yg6kd934hmw7k5zpx4zff9l6uvwu989hq2ylyxdne0zey502s9x624y",
                     *       "hex": "00bf8aae8d4f8205585de37caf8022fdb9446796a6d37fed371034446acd2c6b7dbbd6a0826a89292ff5c63b85396e0513e43367978b24a3d5",
                     *       "payment": {
                     *         "hash": "bf8aae8d4f8205585de37caf8022fdb9446796a6d37fed371034446a",
                     *         "isScript": false
                     *       },
                     *       "stake": {
                     *         "hash": "cd2c6b7dbbd6a0826a89292ff5c63b85396e0513e43367978b24a3d5",
                     *         "isScript": false
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description The kind of address (CIP-19). reward is a stake address (stake1…, stake_test1…). */
                        type: "base" | "pointer" | "enterprise" | "reward" | "byron";
                        /** @description 1 for mainnet, 0 for the testnets (preview, preprod, devnet). For a Byron address: 1 when it carries no protocol magic or mainnet's, otherwise 0. */
                        networkId: number;
                        /** @description The address in bech32, the form wallets show. A Byron address has no bech32 form: this field holds its base58 form. */
                        bech32: string;
                        /** @description The address bytes, lowercase hex (for Byron, the CBOR used in transaction outputs). */
                        hex: string;
                        /** @description The payment credential. Absent for reward and Byron addresses. */
                        payment?: {
                            /** @description The credential: a 28-byte key hash or script hash, lowercase hex. */
                            hash: string;
                            /** @description true for a script hash, false for a key hash. */
                            isScript: boolean;
                        };
                        /** @description The stake part: a credential (base and reward addresses) or a pointer (pointer addresses). Absent for enterprise and Byron addresses. */
                        stake?: {
                            /** @description The credential: a 28-byte key hash or script hash, lowercase hex. */
                            hash: string;
                            /** @description true for a script hash, false for a key hash. */
                            isScript: boolean;
                        } | {
                            /** @description Where the stake credential was registered on chain. */
                            pointer: {
                                /** @description The slot of the stake registration certificate. */
                                slot: number;
                                /** @description The index of its transaction within that slot's block. */
                                txIndex: number;
                                /** @description The index of the certificate within that transaction. */
                                certIndex: number;
                            };
                        };
                        /** @description Byron addresses only: the protocol magic of their network, read from the address attributes (764824073 for mainnet, which Byron mainnet addresses leave out). */
                        protocolMagic?: number;
                        /**
                         * @description Fields of the request that this service does not know and ignored (the hosted API's clients send some of their own), one sentence each. Absent when there is none. An unknown field that looks like a typo of a known one is a 400 SVC_ERR_UNKNOWN_FIELD instead.
                         * @example [
                         *       "body.walletName is not a field of the request body: it was ignored."
                         *     ]
                         */
                        warnings?: string[];
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "body.address is required.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    parseNativeScript: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "script": "8201828200581cdeeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e3782051a055d4a80"
                 *     }
                 */
                "application/json": {
                    /** @description The native script's CBOR, hex. */
                    script: string;
                };
            };
        };
        responses: {
            /** @description The script as JSON, with its policy ID. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "policyId": "0e058defc7fce9eb72e16ecca11b51fee4083972edcc33dcc6b25b6e",
                     *       "schema": {
                     *         "type": "all",
                     *         "scripts": [
                     *           {
                     *             "type": "sig",
                     *             "keyHash": "deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e37"
                     *           },
                     *           {
                     *             "type": "before",
                     *             "slot": 90000000
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description The script hash, blake2b-224 of 0x00 ‖ script CBOR: the policy ID of the assets it mints. */
                        policyId: string;
                        schema: components["schemas"]["NativeScript"];
                        /**
                         * @description Fields of the request that this service does not know and ignored (the hosted API's clients send some of their own), one sentence each. Absent when there is none. An unknown field that looks like a typo of a known one is a 400 SVC_ERR_UNKNOWN_FIELD instead.
                         * @example [
                         *       "body.walletName is not a field of the request body: it was ignored."
                         *     ]
                         */
                        warnings?: string[];
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "body.script is required.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    serializeNativeScript: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "schema": {
                 *         "type": "all",
                 *         "scripts": [
                 *           {
                 *             "type": "sig",
                 *             "keyHash": "deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e37"
                 *           },
                 *           {
                 *             "type": "before",
                 *             "slot": 90000000
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    schema: components["schemas"]["NativeScript"];
                };
            };
        };
        responses: {
            /** @description The script's ledger CBOR, with its policy ID. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "policyId": "0e058defc7fce9eb72e16ecca11b51fee4083972edcc33dcc6b25b6e",
                     *       "script": "8201828200581cdeeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e3782051a055d4a80"
                     *     }
                     */
                    "application/json": {
                        /** @description The script hash, blake2b-224 of 0x00 ‖ script CBOR: the policy ID of the assets it mints. */
                        policyId: string;
                        /** @description The script's CBOR, lowercase hex. */
                        script: string;
                        /**
                         * @description Fields of the request that this service does not know and ignored (the hosted API's clients send some of their own), one sentence each. Absent when there is none. An unknown field that looks like a typo of a known one is a 400 SVC_ERR_UNKNOWN_FIELD instead.
                         * @example [
                         *       "body.walletName is not a field of the request body: it was ignored."
                         *     ]
                         */
                        warnings?: string[];
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "body.schema is required.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getNativeScriptInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A native script, as CBOR (script) or as JSON (schema): exactly one of the two. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "schema": {
                 *         "type": "all",
                 *         "scripts": [
                 *           {
                 *             "type": "sig",
                 *             "keyHash": "30f4e824283240d2ca66f3e09b0b7adfc5d37816c072279b31f090a4"
                 *           },
                 *           {
                 *             "type": "before",
                 *             "slot": 90000000
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The native script's CBOR, hex (as /utils/native-scripts/serialize answers it). Give this or schema. */
                    script?: string;
                    schema?: components["schemas"]["NativeScript"];
                };
            };
        };
        responses: {
            /** @description What the script is and what it asks of a transaction. The time bounds span what its timelocks allow (an `all` intersects its sub-scripts' bounds, an `any` or `atLeast` spans theirs); the script's logic still decides within them. (The example's times are preprod's.) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "all",
                     *       "policyId": "eca601f8e98d403add0156108d9be5335fa16647531a0ed34bc60780",
                     *       "script": "8201828200581c30f4e824283240d2ca66f3e09b0b7adfc5d37816c072279b31f090a482051a055d4a80",
                     *       "schema": {
                     *         "type": "all",
                     *         "scripts": [
                     *           {
                     *             "type": "sig",
                     *             "keyHash": "30f4e824283240d2ca66f3e09b0b7adfc5d37816c072279b31f090a4"
                     *           },
                     *           {
                     *             "type": "before",
                     *             "slot": 90000000
                     *           }
                     *         ]
                     *       },
                     *       "keyHashes": [
                     *         "30f4e824283240d2ca66f3e09b0b7adfc5d37816c072279b31f090a4"
                     *       ],
                     *       "satisfiable": true,
                     *       "invalidHereafter": {
                     *         "slot": 90000000,
                     *         "time": 1745683200000
                     *       },
                     *       "preloadedScript": {
                     *         "type": "simple",
                     *         "script": {
                     *           "type": "all",
                     *           "scripts": [
                     *             {
                     *               "type": "sig",
                     *               "keyHash": "30f4e824283240d2ca66f3e09b0b7adfc5d37816c072279b31f090a4"
                     *             },
                     *             {
                     *               "type": "before",
                     *               "slot": 90000000
                     *             }
                     *           ]
                     *         },
                     *         "hash": "eca601f8e98d403add0156108d9be5335fa16647531a0ed34bc60780"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description The type of the script's outermost node. */
                        type: "sig" | "all" | "any" | "atLeast" | "before" | "after";
                        /** @description The script hash, blake2b-224 of 0x00 ‖ script CBOR: the policy ID of the assets it mints. */
                        policyId: string;
                        /** @description The script's CBOR, lowercase hex (the bytes given, when given as CBOR). */
                        script: string;
                        schema: components["schemas"]["NativeScript"];
                        /** @description Every key hash the script names, in the order they first appear: the keys whose signatures a transaction may need (all of them under an `all`, enough to satisfy each `any` and `atLeast`). Pass the ones that sign as requiredSigners when building. */
                        keyHashes: string[];
                        /** @description False when no transaction's validity interval can satisfy the script's timelocks (an `all` whose `after` is not before its `before`, say). */
                        satisfiable: boolean;
                        /** @description The first slot at which the script can hold (the ledger's InvalidBefore: a transaction's validity interval must start there or later); absent when the script has no lower time bound. */
                        invalidBefore?: {
                            /** @description The slot. */
                            slot: number;
                            /** @description Unix time in milliseconds (UTC) at which the slot begins on this instance's network; absent when beyond what a safe integer holds. */
                            time?: number;
                        };
                        /** @description The first slot at which the script no longer holds (the ledger's InvalidHereafter: a transaction's validity interval must end there or earlier; for a minting policy, the slot from which nothing can be minted or burnt). Absent when the script has no upper time bound. */
                        invalidHereafter?: {
                            /** @description The slot. */
                            slot: number;
                            /** @description Unix time in milliseconds (UTC) at which the slot begins on this instance's network; absent when beyond what a safe integer holds. */
                            time?: number;
                        };
                        /** @description The script as POST /transactions/build takes it in preloadedScripts[], to mint with it. */
                        preloadedScript: {
                            /**
                             * @description A native script.
                             * @enum {string}
                             */
                            type: "simple";
                            script: components["schemas"]["NativeScript"];
                            /** @description The script hash, blake2b-224 of 0x00 ‖ script CBOR: the policy ID of the assets it mints. */
                            hash: string;
                        };
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_BAD_REQUEST",
                     *       "message": "Give the native script as body.script (CBOR hex) or as body.schema (JSON): exactly one of the two.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    slotToTime: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "slot": 1000
                 *     }
                 */
                "application/json": {
                    /** @description An absolute slot number of this instance's network. */
                    slot: number;
                };
            };
        };
        responses: {
            /** @description When the slot begins. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "time": 1795517414000
                     *     }
                     */
                    "application/json": {
                        /** @description Unix time in milliseconds (UTC) at which the slot begins. */
                        time: number;
                        /**
                         * @description Fields of the request that this service does not know and ignored (the hosted API's clients send some of their own), one sentence each. Absent when there is none. An unknown field that looks like a typo of a known one is a 400 SVC_ERR_UNKNOWN_FIELD instead.
                         * @example [
                         *       "body.walletName is not a field of the request body: it was ignored."
                         *     ]
                         */
                        warnings?: string[];
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "body.slot is required.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    timeToSlot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "time": 1893456000000
                 *     }
                 */
                "application/json": {
                    /** @description Unix time in milliseconds (UTC), not before the network's start. */
                    time: number;
                };
            };
        };
        responses: {
            /** @description The slot of that instant. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slot": 97939586
                     *     }
                     */
                    "application/json": {
                        /** @description The slot that contains that instant. */
                        slot: number;
                        /**
                         * @description Fields of the request that this service does not know and ignored (the hosted API's clients send some of their own), one sentence each. Absent when there is none. An unknown field that looks like a typo of a known one is a 400 SVC_ERR_UNKNOWN_FIELD instead.
                         * @example [
                         *       "body.walletName is not a field of the request body: it was ignored."
                         *     ]
                         */
                        warnings?: string[];
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "body.time is required.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    buildTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description What to build. Unknown fields are ignored, as the hosted API does (its published examples send some), and named in the answer's `warnings`; an unknown field that looks like a typo of a field of the same object (`amount` for `lovelace`, `messages` for `message`, `changeadress`) is a 400 SVC_ERR_UNKNOWN_FIELD saying which was meant. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "changeAddress": "addr_test1qzlc4t5df7pq2kzaud72lqpzlku5geuk5mfhlmfhzq6yg6kd934hmw7k5zpx4zff9l6uvwu989hq2ylyxdne0zey502s9x624y",
                 *       "outputs": [
                 *         {
                 *           "address": "addr_test1vr75dew8ess84ya8zvt8en6fcx0ms6daez39prvc9vltukq0ct42e",
                 *           "lovelace": 5000000
                 *         }
                 *       ],
                 *       "message": [
                 *         "Hello from the docs page"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description Pays the fee and receives the change (and minted tokens without destAddress). */
                    changeAddress: string;
                    /** @description UTxOs the builder may spend. When absent or empty ([] as the hosted API's examples send it), the change address's UTxOs are read from the chain. UTxOs that carry a reference script (the fee would miss its charge) or a datum (spending it as plain funds would drop the datum, e.g. a CIP-68 reference token's metadata) are never picked by coin selection; spend them with requiredInputs. */
                    utxos?: string[];
                    /** @description UTxO strings that must be spent, whatever coin selection picks. */
                    requiredInputs?: string[];
                    /** @description The outputs, in this order, before the minted-token outputs and the change. */
                    outputs?: {
                        /** @description The bech32 address to pay; it must be of this instance's network family. */
                        address: string;
                        /** @description Lovelace to send. When absent, the ledger minimum for this output (with its assets and datum). An amount below that minimum is refused with 400 naming the minimum. A non-negative safe integer, or a decimal string such as "5_000_000". */
                        lovelace?: number | string;
                        /** @description Native assets to send in this output. */
                        assets?: {
                            /** @description The policy id (56 hex). */
                            policyId: string;
                            /** @description The asset name: hex, or {name, format, label?}. */
                            assetName: string | {
                                /** @description The asset name without its CIP-67 prefix. */
                                name: string;
                                /** @description How name is written: UTF-8 text or hex bytes. */
                                format: "utf8" | "hex";
                                /** @description A CIP-67 label: its 4-byte prefix (100 → 000643b0, 222 → 000de140, 333 → 0014df10, 444 → 001bc280) is put before the name. */
                                label?: 100 | 222 | 333 | 444;
                            };
                            /** @description How many to send. A non-negative safe integer, or a decimal string such as "5_000_000". */
                            quantity: number | string;
                        }[];
                        /** @description A datum for the output, or (type script) a reference script. */
                        datum?: {
                            /** @description inline: the datum sits in the output. hash: the output holds the datum hash and the datum is added to the witness set of `complete`. */
                            type: "inline" | "hash";
                            /** @description Plutus data: CBOR hex, or the detailed JSON schema ({"constructor":0,"fields":[{"int":1},{"bytes":"cafe"}]}); with `shape`, JSON of the datum schema of that validator's blueprint (e.g. {"owner":"<key hash hex>"}), converted by it (400 naming the path that does not match). */
                            value: unknown;
                            /** @description Which blueprint schema `value` is written in. */
                            shape?: {
                                /** @description The validator whose blueprint's datum schema `value` follows: a blueprint of this API key (POST /blueprints) or of preloadedScripts. */
                                validatorHash: string;
                                /** @description The validator purpose whose datum schema applies: "spend" for a datum that script will read. */
                                purpose: string;
                            };
                        } | {
                            /**
                             * @description script: the output carries the validator `hash` as a reference script (a deployment), and no datum.
                             * @enum {string}
                             */
                            type: "script";
                            /** @description The validator to deploy: a blueprint's of this API key (POST /blueprints) or of preloadedScripts. Record where it landed with POST /blueprints {blueprint, refs} so that later builds run it by reference. */
                            hash: string;
                        };
                    }[];
                    /** @description Assets to mint or burn with native-script policies. Each asset may appear once (400 otherwise); a burn needs the burnt tokens among the available UTxOs. */
                    mint?: {
                        /** @description plutus: the policy is a Plutus validator (of a blueprint of this API key or of preloadedScripts), run with the redeemer of the scriptInteractions entry {purpose:"mint", hash: policyId}. native (the default): a native script of preloadedScripts. */
                        type?: "plutus" | "native";
                        /** @description cip25: the asset is minted as named and metadata goes to label 721 (version 1: policy id and asset name as text keys; strings over 64 bytes split into lists). cip68: an entry labelled 222 (the default), 333 or 444 mints that user token and, unless the request also lists the label-100 entry of the same name, one reference token (label 100) sent to the change address with the inline datum #6.121([metadata as a map of UTF-8 bytes, 1, #6.121([])]) built from its metadata. An entry labelled 100 is that reference token itself (quantity 1, or -1 to burn), sent to destAddress or the change address with its metadata's datum. A burn (negative quantity) burns only the token its entry names. */
                        version: "cip25" | "cip68";
                        /** @description An asset name given by parts. The whole name (prefix included) is at most 32 bytes. */
                        assetName: {
                            /** @description The asset name without its CIP-67 prefix. */
                            name: string;
                            /** @description How name is written: UTF-8 text or hex bytes. */
                            format: "utf8" | "hex";
                            /** @description A CIP-67 label: its 4-byte prefix (100 → 000643b0, 222 → 000de140, 333 → 0014df10, 444 → 001bc280) is put before the name. */
                            label?: 100 | 222 | 333 | 444;
                        };
                        /** @description The token's metadata (JSON): the CIP-25 entry, or the CIP-68 datum's map. Ignored for burns. */
                        metadata?: unknown;
                        /** @description The policy id: its native script must be among preloadedScripts, or (type plutus) its validator known from a blueprint. */
                        policyId: string;
                        /** @description How many to mint; negative burns that many from the available UTxOs. Zero is refused. A safe integer, or a decimal string such as "-1_000". */
                        quantity: number | string;
                        /** @description Where minted tokens go (one output per address, with the minimum lovelace); absent: to the change address. */
                        destAddress?: string;
                    }[];
                    /** @description Scripts the transaction may run that are not stored: native scripts for the mints (attached when a mint uses its policy), and Plutus blueprints (their validators are looked up before this API key's stored blueprints). */
                    preloadedScripts?: ({
                        /**
                         * @description simple: a native script.
                         * @enum {string}
                         */
                        type: "simple";
                        /** @description A native script in the JSON schema of cardano-cli: {"type":"sig","keyHash"}, {"type":"all"|"any","scripts"}, {"type":"atLeast","required","scripts"}, {"type":"before"|"after","slot"}. */
                        script: {
                            /**
                             * @description sig: a signature of keyHash is required.
                             * @enum {string}
                             */
                            type: "sig";
                            /** @description The key hash (28 bytes hex) that must sign. */
                            keyHash: string;
                        } | {
                            /** @description before / after: a time lock on slots. */
                            type: "before" | "after";
                            /** @description The slot bound: before = valid before it, after = valid from it. A non-negative safe integer, or a decimal string such as "5_000_000". */
                            slot: number | string;
                        } | {
                            /** @description all / any / atLeast: a combination of sub-scripts. */
                            type: "all" | "any" | "atLeast";
                            /** @description For atLeast: how many of scripts must hold. */
                            required?: number;
                            /** @description The sub-scripts. */
                            scripts: ({
                                /**
                                 * @description sig: a signature of keyHash is required.
                                 * @enum {string}
                                 */
                                type: "sig";
                                /** @description The key hash (28 bytes hex) that must sign. */
                                keyHash: string;
                            } | {
                                /** @description before / after: a time lock on slots. */
                                type: "before" | "after";
                                /** @description The slot bound: before = valid before it, after = valid from it. A non-negative safe integer, or a decimal string such as "5_000_000". */
                                slot: number | string;
                            } | {
                                /** @description all / any / atLeast: a combination of sub-scripts. */
                                type: "all" | "any" | "atLeast";
                                /** @description For atLeast: how many of scripts must hold. */
                                required?: number;
                                /** @description The sub-scripts. */
                                scripts: ({
                                    /**
                                     * @description sig: a signature of keyHash is required.
                                     * @enum {string}
                                     */
                                    type: "sig";
                                    /** @description The key hash (28 bytes hex) that must sign. */
                                    keyHash: string;
                                } | {
                                    /** @description before / after: a time lock on slots. */
                                    type: "before" | "after";
                                    /** @description The slot bound: before = valid before it, after = valid from it. A non-negative safe integer, or a decimal string such as "5_000_000". */
                                    slot: number | string;
                                } | {
                                    /** @description all / any / atLeast: a combination of sub-scripts. */
                                    type: "all" | "any" | "atLeast";
                                    /** @description For atLeast: how many of scripts must hold. */
                                    required?: number;
                                    /** @description The sub-scripts. */
                                    scripts: ({
                                        /**
                                         * @description sig: a signature of keyHash is required.
                                         * @enum {string}
                                         */
                                        type: "sig";
                                        /** @description The key hash (28 bytes hex) that must sign. */
                                        keyHash: string;
                                    } | {
                                        /** @description before / after: a time lock on slots. */
                                        type: "before" | "after";
                                        /** @description The slot bound: before = valid before it, after = valid from it. A non-negative safe integer, or a decimal string such as "5_000_000". */
                                        slot: number | string;
                                    } | {
                                        /** @description all / any / atLeast: a combination of sub-scripts. */
                                        type: "all" | "any" | "atLeast";
                                        /** @description For atLeast: how many of scripts must hold. */
                                        required?: number;
                                        /** @description The sub-scripts. */
                                        scripts: ({
                                            /**
                                             * @description sig: a signature of keyHash is required.
                                             * @enum {string}
                                             */
                                            type: "sig";
                                            /** @description The key hash (28 bytes hex) that must sign. */
                                            keyHash: string;
                                        } | {
                                            /** @description before / after: a time lock on slots. */
                                            type: "before" | "after";
                                            /** @description The slot bound: before = valid before it, after = valid from it. A non-negative safe integer, or a decimal string such as "5_000_000". */
                                            slot: number | string;
                                        } | {
                                            /** @description all / any / atLeast: a combination of sub-scripts. */
                                            type: "all" | "any" | "atLeast";
                                            /** @description For atLeast: how many of scripts must hold. */
                                            required?: number;
                                            /** @description The sub-scripts. */
                                            scripts: ({
                                                /**
                                                 * @description sig: a signature of keyHash is required.
                                                 * @enum {string}
                                                 */
                                                type: "sig";
                                                /** @description The key hash (28 bytes hex) that must sign. */
                                                keyHash: string;
                                            } | {
                                                /** @description before / after: a time lock on slots. */
                                                type: "before" | "after";
                                                /** @description The slot bound: before = valid before it, after = valid from it. A non-negative safe integer, or a decimal string such as "5_000_000". */
                                                slot: number | string;
                                            })[];
                                        })[];
                                    })[];
                                })[];
                            })[];
                        };
                        /** @description The script hash (= policy id). A hash that differs from the script's is refused with 400. */
                        hash: string;
                    } | {
                        /**
                         * @description plutus: Plutus validators, as POST /blueprints/apply-params answers them (its preloadedScript, passed on unchanged).
                         * @enum {string}
                         */
                        type: "plutus";
                        /** @description A CIP-57 blueprint (plutus.json) holding the validators. */
                        blueprint: {
                            [key: string]: unknown;
                        };
                    } | {
                        /** @description Any other type: refused with 400 naming it. */
                        type: string;
                    })[];
                    /** @description CIP-20 message: label 674 {msg:[...]}, each line split into chunks of at most 64 UTF-8 bytes. */
                    message?: string | string[];
                    /** @description Metadata {<label>: JSON}: objects become maps, arrays lists, integers ints, strings text (over 64 bytes: a list of ≤64-byte chunks). Booleans, null and fractions are refused. */
                    metadata?: {
                        [key: string]: unknown;
                    };
                    /** @description The array form of metadata. Entries with the same label are merged map by map (later keys win), after message and metadata. */
                    meta?: {
                        /** @description "message" → 674 (a string or string[] data becomes {msg:[...]}), "token" → 721, or a number. Absent: data is {<label>: JSON}. */
                        label?: "message" | "token" | number | string;
                        /** @description The metadata JSON of this entry. */
                        data: unknown;
                    }[];
                    /** @description Validity interval in Unix seconds, converted to slots with the network's era history (a time inside a slot rounds down to it), or in slots: as in the hosted API, values below 1,000,000,000 (as Unix time, before any Shelley-era network began) are slot numbers. A minting policy whose native script requires `before` a slot moves a default end back to that slot; explicit bounds that contradict a policy's time lock, a lock that has already expired or one that opens later are 400 naming the slot. */
                    validityInterval?: {
                        /** @description Unix seconds (or a slot number, below 1,000,000,000) from which the transaction is valid; false: no lower bound. Default: the chain tip's time. Values from 10^11 on (milliseconds) are refused. */
                        start?: number | false;
                        /** @description Unix seconds (or a slot number, below 1,000,000,000) until which it is valid (exclusive); false: no upper bound. Default: start + 2 hours (7,200 slots). An end at or before the chain's tip is a 400: the ledger could never accept the transaction. */
                        end?: number | false;
                    };
                    /** @description Key hashes added to the body's required signers. */
                    requiredSigners?: string[];
                    /** @description Outputs to read without spending; they must be unspent on chain (400 otherwise). */
                    referenceInputs?: (string | {
                        /** @description The transaction id. */
                        txHash: string;
                        /** @description The output index. A non-negative safe integer, or a decimal string such as "5_000_000". */
                        index: number | string;
                    })[];
                    /** @description Plutus scripts the transaction runs: spend a UTxO at a validator's address, or mint and burn under a Plutus policy (with mint[] entries of type plutus). Each script is run by reference when a reference input carries it (referenceInputs, or the deployment recorded with POST /blueprints refs), else attached to the witness set. Collateral (an ADA-only UTxO of at least 5 ADA from utxos or the change address, else one that also holds tokens and enough ADA to give them back, with a collateral return) and the redeemers' budgets (from the network's evaluator) are added; a script that fails is a 422 carrying its trace. */
                    scriptInteractions?: {
                        /** @description spend: spend outputRef, locked at the validator's address. mint: run the policy `hash` for the mint[] entries under it. */
                        purpose: "spend" | "mint";
                        /** @description The validator's script hash: a blueprint's of this API key (POST /blueprints) or of preloadedScripts. */
                        hash: string;
                        /** @description spend: the UTxO to spend. */
                        outputRef?: {
                            /** @description The transaction id. */
                            txHash: string;
                            /** @description The output index. A non-negative safe integer, or a decimal string such as "5_000_000". */
                            index: number | string;
                        };
                        /** @description The redeemer: {type:"json", value} by the blueprint's schema, {type:"cbor", value} or CBOR hex. */
                        redeemer?: {
                            /**
                             * @description json: `value` is JSON of the blueprint's redeemer schema.
                             * @enum {string}
                             */
                            type: "json";
                            /** @description JSON of the redeemer schema of the validator's blueprint, converted by it (400 naming the path that does not match). */
                            value: unknown;
                        } | {
                            /**
                             * @description cbor: `value` is Plutus data as CBOR hex.
                             * @enum {string}
                             */
                            type: "cbor";
                            /** @description Plutus data as CBOR hex. */
                            value: string;
                        } | string;
                        /** @description spend, of a UTxO holding only its datum's hash: the datum, as JSON of the blueprint's datum schema or CBOR hex (its hash must match). */
                        datum?: unknown;
                    }[];
                    /**
                     * @description Stake and vote delegations. The transaction then carries their certificates (field 4) and must be signed by each account's stake key as well as the payment keys: sign `complete` with both (a CIP-30 wallet's signTx does). The fee counts the stake key's signature; `fee` and the change account for the deposits.
                     * @example [
                     *       {
                     *         "type": "pool",
                     *         "address": "addr_test1qzlc4t5df7pq2kzaud72lqpzlku5geuk5mfhlmfhzq6yg6kd934hmw7k5zpx4zff9l6uvwu989hq2ylyxdne0zey502s9x624y",
                     *         "keyHash": "pool13mm55qynw84fjlnhyq277ys5csaxgfezvmamd8saxhxculu655t"
                     *       },
                     *       {
                     *         "type": "drep",
                     *         "address": "addr_test1qzlc4t5df7pq2kzaud72lqpzlku5geuk5mfhlmfhzq6yg6kd934hmw7k5zpx4zff9l6uvwu989hq2ylyxdne0zey502s9x624y",
                     *         "keyHash": "always-abstain"
                     *       }
                     *     ]
                     */
                    delegations?: {
                        /** @description pool: the account delegates its stake to a stake pool (a stake_delegation certificate). drep: it delegates its vote to a DRep (a vote_deleg_cert). */
                        type: "pool" | "drep";
                        /** @description The account: a base address (addr…) or a reward address (stake…), bech32 or hex, of this instance's network family. Its stake credential must be a key (a script credential would need a certificate redeemer: 400); an enterprise, pointer or Byron address has none (400). The stake key signs the transaction. */
                        address: string;
                        /** @description type pool: the pool id, pool1… (bech32) or its 56-hex key hash. type drep: the DRep id, drep1… in CIP-129's form (header byte 0x22 key, 0x23 script) or the older drep1… of a bare key hash, CIP-105's drep_vkh1… (a key hash), drep_script1… (a script hash) or drep_vk1… (a key), or its hex (56 digits: a key hash; 58: CIP-129); or a predefined DRep: "always-abstain" or "always-no-confidence" (also accepted: "abstain", "no-confidence", Blockfrost's drep_always_abstain / drep_always_no_confidence; case, '_' and '-' are ignored). */
                        keyHash: string;
                    }[];
                    /** @description New metadata for CIP-68 reference tokens: each token's output is spent and re-created with a new datum (see the entry's description). */
                    cip68MetadataUpdates?: {
                        /** @description The policy id of the CIP-68 token. */
                        policyId: string;
                        /** @description The reference token (label 100): its name in hex with the 000643b0 prefix, or {name, format, label: 100}. Any other name is a 400. */
                        assetName: string | {
                            /** @description The asset name without its CIP-67 prefix. */
                            name: string;
                            /** @description How name is written: UTF-8 text or hex bytes. */
                            format: "utf8" | "hex";
                            /** @description A CIP-67 label: its 4-byte prefix (100 → 000643b0, 222 → 000de140, 333 → 0014df10, 444 → 001bc280) is put before the name. */
                            label?: 100 | 222 | 333 | 444;
                        };
                        /** @description The new metadata, a JSON object, converted as a cip68 mint[] entry's (strings become UTF-8 bytes, objects maps with byte keys, arrays lists, integers ints). It replaces the datum's metadata map; the datum's version and extra fields stay as they were. */
                        metadata: unknown;
                        /** @description "update", the only action (any other is a 400). */
                        action: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description The unsigned transaction, in the forms wallets and signers take. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "hash": "3fedbd3f8146571a77adc1e6153fc32d735e53cf66aa0f56ce2a729ca338ce94",
                     *       "fee": "168845",
                     *       "complete": "84a600818258206d52a6446bb60a100e9911b9f1d04007f98252ea2c654efd89baebea1f07755800018282581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a004c4b4082581d60deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e371a0b9ce333021a0002938d03191c30075820da28742c89d1070a6bbb5c95205aad6123c6876e674628fafa86f31f07b559710810a0f5a11902a2a1636d736781781848656c6c6f2066726f6d2074686520646f63732070616765",
                     *       "stripped": "84a600818258206d52a6446bb60a100e9911b9f1d04007f98252ea2c654efd89baebea1f07755800018282581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a004c4b4082581d60deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e371a0b9ce333021a0002938d03191c30075820da28742c89d1070a6bbb5c95205aad6123c6876e674628fafa86f31f07b559710810a0f5a11902a2a1636d736781781848656c6c6f2066726f6d2074686520646f63732070616765",
                     *       "witnessSet": "a0",
                     *       "auxiliaryData": "a11902a2a1636d736781781848656c6c6f2066726f6d2074686520646f63732070616765"
                     *     }
                     */
                    "application/json": {
                        /** @description The transaction body hash: the id the transaction will have. */
                        hash: string;
                        /** @description The fee the transaction pays (the ledger's minimum for its signed size), lovelace as a decimal string. */
                        fee: string;
                        /** @description The whole unsigned transaction: body, witness set with every native script and datum it needs, auxiliary data. Sign this. */
                        complete: string;
                        /** @description The same transaction with an empty witness set. */
                        stripped: string;
                        /** @description The witness set of `complete` alone (a0 when empty). */
                        witnessSet: string;
                        /** @description The auxiliary data, when the request carries metadata (message, metadata, meta or CIP-25 mints). Without metadata the transaction still holds an empty auxiliary data map (Mesh always attaches one; it costs about 1,600 lovelace of fee), which this field then leaves out. */
                        auxiliaryData?: string;
                        /**
                         * @description Fields of the request that this service does not know and ignored (the hosted API's clients send some of their own), one sentence each. Absent when there is none. An unknown field that looks like a typo of a known one is a 400 SVC_ERR_UNKNOWN_FIELD instead.
                         * @example [
                         *       "body.walletName is not a field of the request body: it was ignored."
                         *     ]
                         */
                        warnings?: string[];
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "TX_ERR_INSUFFICIENT_FUNDS",
                     *       "message": "Not enough ADA: the outputs need 5000000 lovelace (5 ADA), the fee about 163653 lovelace (0.163653 ADA) and the change output at least 969750 lovelace (0.96975 ADA), but the available UTxOs hold 0 lovelace (0 ADA): about 6133403 lovelace (6.133403 ADA) missing. Fund the change address or pass more utxos.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Well-formed input that the ledger or a contract rule refuses; the message says why. Codes: `SVC_ERR_UNPROCESSABLE`, `CHAIN_ERR_LEDGER_REJECTED`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 422,
                     *       "error": "Unprocessable Entity",
                     *       "code": "SVC_ERR_UNPROCESSABLE",
                     *       "message": "A Plutus script of this transaction refuses it (1 script run from scriptInteractions): Script evaluation failed: Error evaluated at :1:0 - 1:0 spent budget: { mem: 0.093162, cpu: 31.212475 } logs: must_say_hello ? False Script logs: must_say_hello ? False Check each redeemer, the datum of each UTxO spent, requiredSigners, and the outputs the validator expects.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The chain backend is unreachable or not configured, or the key store cannot serve the request right now (retry later). Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    submitTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A transaction and the signatures to add before submitting it. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "transaction": "84a600818258206d52a6446bb60a100e9911b9f1d04007f98252ea2c654efd89baebea1f07755800018282581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a004c4b4082581d60deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e371a0b9ce333021a0002938d03191c30075820da28742c89d1070a6bbb5c95205aad6123c6876e674628fafa86f31f07b559710810a0f5a11902a2a1636d736781781848656c6c6f2066726f6d2074686520646f63732070616765",
                 *       "signatures": [
                 *         "a10081825820b727c7b8633672ef6fbd06c4185355efe72a0cb8cb7731b7d4bf115905e26c115840d53d36a97fc1d1f153eb548a958df2b22f9f51a33879ffa8188260051b8941863a14828dd7ba3b53db4fe20da0968bf21eea6a19de9ce3c01a8402a06422b304"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description The transaction, CBOR hex: typically `complete` from a build endpoint, signed or not. */
                    transaction: string;
                    /** @description Witness sets whose vkey witnesses are added to the transaction's witness set. The transaction body is never changed. */
                    signatures?: string[];
                };
            };
        };
        responses: {
            /** @description The ledger accepted the transaction (or had already accepted it). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "txHash": "3fedbd3f8146571a77adc1e6153fc32d735e53cf66aa0f56ce2a729ca338ce94"
                     *     }
                     */
                    "application/json": {
                        /** @description The transaction id (the hash of its body), lowercase hex. */
                        txHash: string;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "body.transaction is required.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Well-formed input that the ledger or a contract rule refuses; the message says why. Codes: `SVC_ERR_UNPROCESSABLE`, `CHAIN_ERR_LEDGER_REJECTED`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 422,
                     *       "error": "Unprocessable Entity",
                     *       "code": "CHAIN_ERR_LEDGER_REJECTED",
                     *       "message": "The ledger rejected the transaction: a signature is missing: the key with hash deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e37 (the payment key of addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej) must sign it. Sign `complete` with that key too and submit it again with every signature (the transaction itself stays the same).",
                     *       "detail": "Missing key hashes for transactionId \"3fedbd3f8146571a77adc1e6153fc32d735e53cf66aa0f56ce2a729ca338ce94\", missing inputs key hashes: Set(\"deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e37\"), missing collateral inputs key hashes: Set(), missing voting procedures key hashes: Set(), missing withdrawals key hashes: Set(), missing certificates key hashes: Set(), missing required signers key hashes: TreeSet()",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The chain backend is unreachable or not configured, or the key store cannot serve the request right now (retry later). Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getTransactionStatus: {
        parameters: {
            query?: {
                /**
                 * @description status (the default): where the transaction is. decoded: the status together with the transaction itself, decoded (inputs, reference inputs, collateral, outputs, mint and burn, metadata, fee, validity interval, required signers and signers).
                 * @example decoded
                 */
                view?: "status" | "decoded";
            };
            header?: never;
            path: {
                /**
                 * @description The transaction id, 64 hex digits.
                 * @example 3fedbd3f8146571a77adc1e6153fc32d735e53cf66aa0f56ce2a729ca338ce94
                 */
                txHash: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where the transaction is: on the chain and how deep, waiting for a block, refused, or unknown. With view=decoded, also the transaction itself, decoded, when its CBOR can be had (the decoded fields are absent otherwise: a transaction the ledger refused, or, through Ogmios + Kupo, one this instance did not submit). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The transaction id, lowercase hex. */
                        txHash: string;
                        /** @description confirmed: on the chain (see `confirmations`). pending: this instance submitted it and the backend accepted it, but it is not in a block yet. rejected: this instance submitted it and the ledger refused it (see `reason`); it is not on the chain. unknown: the chain has not seen it and this instance does not remember submitting it. pending and rejected come from this instance's memory of its last 10,000 submissions, which a restart forgets (they become unknown). */
                        status: "pending" | "confirmed" | "rejected" | "unknown";
                        /** @description With `confirmed`: the transaction's depth, the blocks from its own to the tip (1: in the latest block). The devnet has no blocks: it counts the slots since it accepted the transaction, plus one (one slot a second). null when the backend cannot tell (Ogmios + Kupo, for a transaction Kupo has not indexed). */
                        confirmations?: number | null;
                        /** @description With `rejected`: why the ledger refused the transaction, as the submit's 422 said it. */
                        reason?: string;
                        /** @description The outputs it spends. */
                        inputs?: {
                            /** @description The transaction that made the output. */
                            txHash: string;
                            /** @description The output's index in it. */
                            index: number;
                        }[];
                        /** @description The outputs it reads without spending them (CIP-31). */
                        referenceInputs?: {
                            /** @description The transaction that made the output. */
                            txHash: string;
                            /** @description The output's index in it. */
                            index: number;
                        }[];
                        /** @description Its collateral inputs (spent only when a script fails). */
                        collateral?: {
                            /** @description The transaction that made the output. */
                            txHash: string;
                            /** @description The output's index in it. */
                            index: number;
                        }[];
                        /** @description Its outputs, decoded as GET /addresses/{address}/utxos?view=decoded answers them. */
                        outputs?: {
                            /** @description The transaction that made the output. */
                            txHash: string;
                            /** @description The output's index in that transaction. */
                            index: number;
                            /** @description The output's address (bech32; base58 for a Byron address). */
                            address: string;
                            /** @description The lovelace it holds, a decimal string. */
                            lovelace: string;
                            /** @description The native assets it holds, in the output's order (empty for ADA only). */
                            assets: {
                                /** @description The policy id, hex. */
                                policyId: string;
                                /** @description The asset name as on the chain, hex (its CIP-67 prefix included). */
                                assetName: string;
                                /** @description The asset name as UTF-8 text, after its CIP-67 prefix when it has one, when it is printable (no control characters); else null. */
                                name: string | null;
                                /** @description The CIP-67 label (100 reference NFT, 222 NFT, 333 FT, 444 RFT, …) when the name starts with a valid CIP-67 prefix (its checksum included); else null. */
                                label: number | null;
                                /** @description How many, a decimal string (in a transaction's mint, negative for a burn). */
                                quantity: string;
                            }[];
                            /** @description The output's datum; null when it has none. */
                            datum: {
                                /** @description The datum hash (of the inline datum's bytes, for an inline datum). */
                                hash: string;
                                /** @description The inline datum as Plutus data JSON in the detailed schema of cardano-cli ({"constructor": 0, "fields": [...]}, {"int": 1}, {"bytes": "<hex>"}, {"list": [...]}, {"map": [{"k": ..., "v": ...}]}; integers beyond 2^53 as decimal strings), what POST /transactions/build takes back as a datum; null when the output holds only the datum's hash, or when the inline datum is over the CBOR limits (then `raw` and `note`). */
                                inline: unknown | null;
                                /** @description The inline datum's CBOR (hex), present when it is not decoded: it nests deeper, or holds more items, than the service decodes (see note). */
                                raw?: string;
                                /** @description Why the inline datum is left raw, present with `raw`. */
                                note?: string;
                            } | null;
                            /** @description The hash of the reference script the output carries; null when it carries none. */
                            referenceScriptHash: string | null;
                        }[];
                        /** @description What it mints (positive quantities) and burns (negative). */
                        mint?: {
                            /** @description The policy id, hex. */
                            policyId: string;
                            /** @description The asset name as on the chain, hex (its CIP-67 prefix included). */
                            assetName: string;
                            /** @description The asset name as UTF-8 text, after its CIP-67 prefix when it has one, when it is printable (no control characters); else null. */
                            name: string | null;
                            /** @description The CIP-67 label (100 reference NFT, 222 NFT, 333 FT, 444 RFT, …) when the name starts with a valid CIP-67 prefix (its checksum included); else null. */
                            label: number | null;
                            /** @description How many, a decimal string (in a transaction's mint, negative for a burn). */
                            quantity: string;
                        }[];
                        /** @description Its metadata by label (674: a CIP-20 message, 721: CIP-25 NFT metadata), as JSON: text as strings, integers as numbers (decimal strings beyond 2^53), bytes as "0x" followed by their hex, lists as arrays, maps as objects (as [{k, v}] pairs when a key is neither text nor an integer); null when it has none. */
                        metadata?: {
                            [key: string]: unknown;
                        } | null;
                        /** @description The fee it pays, lovelace as a decimal string. */
                        fee?: string;
                        /** @description Its validity interval: valid from `from` (included) until `until` (excluded), each a slot and the UTC time the slot starts. */
                        validity?: {
                            /** @description The bound; null when the transaction has none. */
                            from: {
                                /** @description The slot. */
                                slot: number;
                                /** @description When the slot starts, ISO 8601 UTC; null when the network's era history cannot place it. */
                                time: string | null;
                            } | null;
                            /** @description The bound; null when the transaction has none. */
                            until: {
                                /** @description The slot. */
                                slot: number;
                                /** @description When the slot starts, ISO 8601 UTC; null when the network's era history cannot place it. */
                                time: string | null;
                            } | null;
                        };
                        /** @description The key hashes its body requires signatures of (required_signers). */
                        requiredSigners?: string[];
                        /** @description The key hashes of the signatures (vkey witnesses) it carries. */
                        signers?: string[];
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "params.txHash is invalid: The transaction id, 64 hex digits.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "Transaction 3fedbd3f8146571a77adc1e6153fc32d735e53cf66aa0f56ce2a729ca338ce94 is not known: the chain has not seen it and this instance did not submit it (or has restarted since). Once it is in a block it can be read here (through Ogmios + Kupo, only when this instance submitted it).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The chain backend is unreachable or not configured, or the key store cannot serve the request right now (retry later). Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    waitForTransaction: {
        parameters: {
            query?: {
                /**
                 * @description The depth to wait for: blocks from the transaction's own to the tip (1: in a block). 1 to 100, default 1.
                 * @example 1
                 */
                confirmations?: number;
                /**
                 * @description Seconds to wait at most, 0 to 300, default 60 (0: look once).
                 * @example 5
                 */
                timeout?: number;
            };
            header?: never;
            path: {
                /**
                 * @description The transaction id, 64 hex digits.
                 * @example 8f1d2b3a6c5e4f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8
                 */
                txHash: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transaction reached the depth asked for, was rejected, or the timeout passed (`timedOut`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The transaction id, lowercase hex. */
                        txHash: string;
                        /** @description confirmed: on the chain (see `confirmations`). pending: this instance submitted it and the backend accepted it, but it is not in a block yet. rejected: this instance submitted it and the ledger refused it (see `reason`); it is not on the chain. unknown: the chain has not seen it and this instance does not remember submitting it. pending and rejected come from this instance's memory of its last 10,000 submissions, which a restart forgets (they become unknown). */
                        status: "pending" | "confirmed" | "rejected" | "unknown";
                        /** @description With `confirmed`: the transaction's depth, the blocks from its own to the tip (1: in the latest block). The devnet has no blocks: it counts the slots since it accepted the transaction, plus one (one slot a second). null when the backend cannot tell (Ogmios + Kupo, for a transaction Kupo has not indexed). */
                        confirmations?: number | null;
                        /** @description With `rejected`: why the ledger refused the transaction, as the submit's 422 said it. */
                        reason?: string;
                        /** @description true when `timeout` passed first: the status is the last one seen (pending, unknown, or confirmed but not deep enough yet); wait again or give up. */
                        timedOut: boolean;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "query.confirmations must be <= 100.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_WAIT_LIMIT",
                     *       "message": "Your API key holds 10 waits already, the most one key may hold at once (WAIT_MAX_PER_KEY): let one of them end first, or look once with timeout=0.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The chain backend is unreachable or not configured, or the key store cannot serve the request right now (retry later). Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAddressUtxos: {
        parameters: {
            query?: {
                /**
                 * @description cbor (the default): UTxO strings, as CIP-30 getUtxos() returns them and the build endpoints take them. decoded: each UTxO as JSON a person reads (lovelace, assets with their names as text and CIP-67 labels, the datum as Plutus data JSON).
                 * @example decoded
                 */
                view?: "cbor" | "decoded";
                /**
                 * @description UTxOs per page, 1 to 100; every UTxO at the address, in one answer (as the build endpoints take them) when absent.
                 * @example 20
                 */
                limit?: number;
                /** @description The `cursor` of the previous page's answer, as it is; the first page when absent. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description A payment address (bech32 or hex) of this instance's network family.
                 * @example addr_test1vr75dew8ess84ya8zvt8en6fcx0ms6daez39prvc9vltukq0ct42e
                 */
                address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The UTxOs at the address: UTxO strings (view=cbor, the default), or decoded (view=decoded). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The unspent outputs at the address, ready to pass as `utxos` to the build endpoints. */
                        utxos: string[];
                        /** @description Pass it back as the query's `cursor` for the next page; null on the last page. */
                        cursor: string | null;
                    } | {
                        /** @description The unspent outputs at the address, decoded. */
                        utxos: {
                            /** @description The transaction that made the output. */
                            txHash: string;
                            /** @description The output's index in that transaction. */
                            index: number;
                            /** @description The output's address (bech32; base58 for a Byron address). */
                            address: string;
                            /** @description The lovelace it holds, a decimal string. */
                            lovelace: string;
                            /** @description The native assets it holds, in the output's order (empty for ADA only). */
                            assets: {
                                /** @description The policy id, hex. */
                                policyId: string;
                                /** @description The asset name as on the chain, hex (its CIP-67 prefix included). */
                                assetName: string;
                                /** @description The asset name as UTF-8 text, after its CIP-67 prefix when it has one, when it is printable (no control characters); else null. */
                                name: string | null;
                                /** @description The CIP-67 label (100 reference NFT, 222 NFT, 333 FT, 444 RFT, …) when the name starts with a valid CIP-67 prefix (its checksum included); else null. */
                                label: number | null;
                                /** @description How many, a decimal string (in a transaction's mint, negative for a burn). */
                                quantity: string;
                            }[];
                            /** @description The output's datum; null when it has none. */
                            datum: {
                                /** @description The datum hash (of the inline datum's bytes, for an inline datum). */
                                hash: string;
                                /** @description The inline datum as Plutus data JSON in the detailed schema of cardano-cli ({"constructor": 0, "fields": [...]}, {"int": 1}, {"bytes": "<hex>"}, {"list": [...]}, {"map": [{"k": ..., "v": ...}]}; integers beyond 2^53 as decimal strings), what POST /transactions/build takes back as a datum; null when the output holds only the datum's hash, or when the inline datum is over the CBOR limits (then `raw` and `note`). */
                                inline: unknown | null;
                                /** @description The inline datum's CBOR (hex), present when it is not decoded: it nests deeper, or holds more items, than the service decodes (see note). */
                                raw?: string;
                                /** @description Why the inline datum is left raw, present with `raw`. */
                                note?: string;
                            } | null;
                            /** @description The hash of the reference script the output carries; null when it carries none. */
                            referenceScriptHash: string | null;
                        }[];
                        /** @description Pass it back as the query's `cursor` for the next page; null on the last page. */
                        cursor: string | null;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_BAD_REQUEST",
                     *       "message": "params.address is not a Cardano address (bech32 or hex).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The chain backend is unreachable or not configured, or the key store cannot serve the request right now (retry later). Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    fundDevnetAddress: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Who gets devnet funds, and how many. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "address": "addr_test1qzlc4t5df7pq2kzaud72lqpzlku5geuk5mfhlmfhzq6yg6kd934hmw7k5zpx4zff9l6uvwu989hq2ylyxdne0zey502s9x624y",
                 *       "lovelace": 100000000
                 *     }
                 */
                "application/json": {
                    /** @description The testnet address to fund (bech32 or hex). */
                    address: string;
                    /** @description Lovelace to send; 10,000 ADA (10000000000) when absent. A non-negative safe integer, or a decimal string such as "5_000_000". */
                    lovelace?: number | string;
                };
            };
        };
        responses: {
            /** @description The ledger accepted the transaction (or had already accepted it). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "txHash": "d767f6ee5fc945dd8d67bb9ea2e4850b51c790be3400f6f65b894168e35ba425"
                     *     }
                     */
                    "application/json": {
                        /** @description The transaction id (the hash of its body), lowercase hex. */
                        txHash: string;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_BAD_REQUEST",
                     *       "message": "body.lovelace is 2000000000000 lovelace, above the faucet's maximum of 1000000000000 lovelace (1,000,000 ADA) a request (DEVNET_FAUCET_MAX_LOVELACE): ask for 1000000000000 or less, and call the faucet again for more.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "POST /v2/services/devnet/faucet exists only on the devnet; this instance serves preprod.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Well-formed input that the ledger or a contract rule refuses; the message says why. Codes: `SVC_ERR_UNPROCESSABLE`, `CHAIN_ERR_LEDGER_REJECTED`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 422,
                     *       "error": "Unprocessable Entity",
                     *       "code": "CHAIN_ERR_LEDGER_REJECTED",
                     *       "message": "The ledger rejected the transaction: Transaction outputs are too small for transactionId \"7d5fa452081944c3ddab06852484fe39d64a098c129f880a0d2da24ea1851141\", invalid outputs: Vector((Shelley(ShelleyAddress(Testnet,Key(\"bf8aae8d4f8205585de37caf8022fdb9446796a6d37fed371034446a\"),Key(\"cd2c6b7dbbd6a0826a89292ff5c63b85396e0513e43367978b24a3d5\")),Value(0.000001 ADA),None),Coin(952510),{})), invalid collateral output: None",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    advanceDevnetClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description How far to move the devnet clock. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "seconds": 60
                 *     }
                 */
                "application/json": {
                    /** @description Seconds (= slots) to move the devnet clock forward, from 0 to 315360000 (ten years). */
                    seconds: number;
                };
            };
        };
        responses: {
            /** @description The devnet's clock after the move. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slot": 77,
                     *       "time": 1795516491000
                     *     }
                     */
                    "application/json": {
                        /** @description The devnet's slot after the move. */
                        slot: number;
                        /** @description Unix milliseconds of that slot's start. */
                        time: number;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "body.seconds is required.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "POST /v2/services/devnet/advance exists only on the devnet; this instance serves preprod.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    registerDevnetStakePool: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The stake pool to register on the devnet, by its id alone. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "poolId": "pool1n3sjq3qvu5vvcd6aud6ndcwq7r3ghmkafcg60gznlwfrk2ucxku"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The stake pool's id: bech32 (pool1…) or the operator's key hash as 56 hex digits.
                     * @example pool1n3sjq3qvu5vvcd6aud6ndcwq7r3ghmkafcg60gznlwfrk2ucxku
                     */
                    poolId: string;
                };
            };
        };
        responses: {
            /** @description The pool, registered on the devnet. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "poolId": "pool1n3sjq3qvu5vvcd6aud6ndcwq7r3ghmkafcg60gznlwfrk2ucxku",
                     *       "keyHash": "9c6120440ce518cc375de37536e1c0f0e28beedd4e11a7a053fb923b",
                     *       "created": true
                     *     }
                     */
                    "application/json": {
                        /** @description The pool's bech32 id (pool1…). */
                        poolId: string;
                        /** @description The operator's key hash, hex: what delegation certificates name. */
                        keyHash: string;
                        /** @description True when this call registered it; false when it was registered already (by a certificate, or seeded before), and nothing changed. */
                        created: boolean;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_BAD_REQUEST",
                     *       "message": "body.poolId is not a stake pool id: give its bech32 id (pool1…, 28 bytes; checksum included) or the pool's key hash as 56 hex digits.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "POST /v2/services/devnet/stake-pools exists only on the devnet; this instance serves preprod.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    registerDevnetDRep: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The DRep to register on the devnet, by its id alone. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "drepId": "drep13d6sxkyz6st9h65qqrzd8ukpywhr8swe9f6357qntgjqye0gttd"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The DRep's id: drep1… (CIP-129, or the older form of a key hash, as the hosted API's examples send it), drep_vkh1…, drep_script1…, drep_vk1…, or its hex (a key hash, or CIP-129's 29 bytes). Not always-abstain nor always-no-confidence: those need no registration.
                     * @example drep13d6sxkyz6st9h65qqrzd8ukpywhr8swe9f6357qntgjqye0gttd
                     */
                    drepId: string;
                };
            };
        };
        responses: {
            /** @description The DRep, registered on the devnet. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "drepId": "drep1y29h2q6cst2pvkl2sqqvf5ljcy36uv7pmy482xnczddzgqshus24w",
                     *       "kind": "key",
                     *       "hash": "8b75035882d4165bea8000c4d3f2c123ae33c1d92a751a78135a2402",
                     *       "created": true
                     *     }
                     */
                    "application/json": {
                        /** @description The DRep's CIP-129 id (drep1…). */
                        drepId: string;
                        /** @description key: the DRep is a key hash; script: a script hash. */
                        kind: "key" | "script";
                        /** @description The DRep's key or script hash, hex. */
                        hash: string;
                        /** @description True when this call registered it; false when it was registered already (by a certificate, or seeded before), and nothing changed. */
                        created: boolean;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_BAD_REQUEST",
                     *       "message": "body.drepId is always-abstain, a predefined DRep that every chain knows: it needs no registration. Give a key or script DRep's id.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "POST /v2/services/devnet/dreps exists only on the devnet; this instance serves preprod.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getDevnet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The devnet: its clock and block cadence, its tip, its faucet and the size of its ledger. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "systemStart": 1795516414000,
                     *       "slotLengthMs": 1000,
                     *       "slotsPerBlock": 1,
                     *       "tip": {
                     *         "slot": 77,
                     *         "time": 1795516491000
                     *       },
                     *       "faucet": {
                     *         "address": "addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej",
                     *         "maxLovelace": "1000000000000",
                     *         "defaultLovelace": "10000000000"
                     *       },
                     *       "utxoCount": 1
                     *     }
                     */
                    "application/json": {
                        /** @description Unix milliseconds of slot 0: slot N starts at systemStart + N × slotLengthMs, for ever (a reset or a restore keeps it). */
                        systemStart: number;
                        /** @description Milliseconds per slot (1000): the clock follows the wall clock, plus what POST /devnet/advance added. */
                        slotLengthMs: number;
                        /** @description Slots per block: 1. The devnet makes one block every slot, empty ones included, so a block's height is its slot number and a transaction is in the block of the slot at which the devnet accepted it. */
                        slotsPerBlock: number;
                        /** @description The devnet's tip now. */
                        tip: {
                            /** @description The current slot (= the height of the latest block). */
                            slot: number;
                            /** @description Unix milliseconds of that slot's start. */
                            time: number;
                        };
                        /** @description The faucet. */
                        faucet: {
                            /** @description The faucet's address, where the genesis funds sit (its key is the devnet's own; a reset makes a new one). */
                            address: string;
                            /** @description The most one POST /devnet/faucet sends (DEVNET_FAUCET_MAX_LOVELACE), lovelace as a decimal string. */
                            maxLovelace: string;
                            /** @description What POST /devnet/faucet sends when it names no amount, lovelace as a decimal string. */
                            defaultLovelace: string;
                        };
                        /** @description Unspent outputs in the ledger. */
                        utxoCount: number;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "The request body is empty: send a JSON object.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "GET /v2/services/devnet exists only on the devnet; this instance serves preprod.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    resetDevnet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Confirms the reset: {"confirm": "reset"}. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "confirm": "reset"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Confirms the reset, which deletes every UTxO, transaction and registration of the devnet (its snapshots stay): send {"confirm": "reset"}.
                     * @example reset
                     * @enum {string}
                     */
                    confirm: "reset";
                };
            };
        };
        responses: {
            /** @description The devnet: its clock and block cadence, its tip, its faucet and the size of its ledger. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "systemStart": 1795516414000,
                     *       "slotLengthMs": 1000,
                     *       "slotsPerBlock": 1,
                     *       "tip": {
                     *         "slot": 80,
                     *         "time": 1795516494000
                     *       },
                     *       "faucet": {
                     *         "address": "addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej",
                     *         "maxLovelace": "1000000000000",
                     *         "defaultLovelace": "10000000000"
                     *       },
                     *       "utxoCount": 1
                     *     }
                     */
                    "application/json": {
                        /** @description Unix milliseconds of slot 0: slot N starts at systemStart + N × slotLengthMs, for ever (a reset or a restore keeps it). */
                        systemStart: number;
                        /** @description Milliseconds per slot (1000): the clock follows the wall clock, plus what POST /devnet/advance added. */
                        slotLengthMs: number;
                        /** @description Slots per block: 1. The devnet makes one block every slot, empty ones included, so a block's height is its slot number and a transaction is in the block of the slot at which the devnet accepted it. */
                        slotsPerBlock: number;
                        /** @description The devnet's tip now. */
                        tip: {
                            /** @description The current slot (= the height of the latest block). */
                            slot: number;
                            /** @description Unix milliseconds of that slot's start. */
                            time: number;
                        };
                        /** @description The faucet. */
                        faucet: {
                            /** @description The faucet's address, where the genesis funds sit (its key is the devnet's own; a reset makes a new one). */
                            address: string;
                            /** @description The most one POST /devnet/faucet sends (DEVNET_FAUCET_MAX_LOVELACE), lovelace as a decimal string. */
                            maxLovelace: string;
                            /** @description What POST /devnet/faucet sends when it names no amount, lovelace as a decimal string. */
                            defaultLovelace: string;
                        };
                        /** @description Unspent outputs in the ledger. */
                        utxoCount: number;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "body.confirm must be \"reset\". Confirms the reset, which deletes every UTxO, transaction and registration of the devnet (its snapshots stay): send {\"confirm\": \"reset\"}.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "POST /v2/services/devnet/reset exists only on the devnet; this instance serves preprod.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    rollbackDevnet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description How deep the fork goes. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "blocks": 2
                 *     }
                 */
                "application/json": {
                    /**
                     * @description How many of the last non-empty blocks to undo (a block: the transactions accepted at one slot), from 1 to 100.
                     * @example 1
                     */
                    blocks: number;
                };
            };
        };
        responses: {
            /** @description What the rollback undid, applied again and expired. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "rolledBack": [
                     *         {
                     *           "txHash": "348d1b0c1e459d0aa01a97bfe4ddb948e205858a323b0f3367e3fef27fd50cee",
                     *           "slot": 2
                     *         },
                     *         {
                     *           "txHash": "e8a3c0296e1e252dbfff691a83173855d8eb818b893e5eacea2a679356c59954",
                     *           "slot": 3
                     *         }
                     *       ],
                     *       "reapplied": [
                     *         "348d1b0c1e459d0aa01a97bfe4ddb948e205858a323b0f3367e3fef27fd50cee"
                     *       ],
                     *       "expired": [
                     *         {
                     *           "txHash": "e8a3c0296e1e252dbfff691a83173855d8eb818b893e5eacea2a679356c59954",
                     *           "reason": "The ledger rejected the transaction: Transaction \"e8a3c0296e1e252dbfff691a83173855d8eb818b893e5eacea2a679356c59954\" is outside the validity interval ValidityInterval(Some(3),Some(6)) for slot 13"
                     *         }
                     *       ],
                     *       "slot": 13,
                     *       "tip": {
                     *         "slot": 13,
                     *         "time": 1795803340000
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description The transactions of the blocks undone, in the order they had been accepted. */
                        rolledBack: {
                            /** @description The transaction's id. */
                            txHash: string;
                            /** @description The slot (block) it had been accepted at. */
                            slot: number;
                        }[];
                        /** @description Those applied again at `slot`, in that order (each still valid there, its inputs unspent): confirmed again, in a block with a new hash. */
                        reapplied: string[];
                        /** @description Those that could not: gone from the chain, their outputs with them, their inputs unspent again. */
                        expired: {
                            /** @description The transaction's id. */
                            txHash: string;
                            /** @description Why the ledger refuses it now (its validity interval is over, an input is spent). */
                            reason: string;
                        }[];
                        /** @description The slot the transactions were applied again at: the clock's, moved to one after the last block undone if it was not past it. */
                        slot: number;
                        /** @description The devnet's clock after the rollback (it never goes back). */
                        tip: {
                            /** @description The devnet's slot now. */
                            slot: number;
                            /** @description Unix milliseconds of that slot's start. */
                            time: number;
                        };
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "body.blocks must be <= 100.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "POST /v2/services/devnet/rollback exists only on the devnet; this instance serves preprod.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Well-formed input that the ledger or a contract rule refuses; the message says why. Codes: `SVC_ERR_UNPROCESSABLE`, `CHAIN_ERR_LEDGER_REJECTED`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 422,
                     *       "error": "Unprocessable Entity",
                     *       "code": "SVC_ERR_UNPROCESSABLE",
                     *       "message": "The devnet holds 3 non-empty blocks: it cannot roll back 5.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listDevnetSnapshots: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The devnet's snapshots. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "snapshots": [
                     *         {
                     *           "name": "before-settle",
                     *           "slot": 77,
                     *           "savedAt": "2026-11-26T19:41:31.000Z",
                     *           "bytes": 57344
                     *         }
                     *       ],
                     *       "limit": 20
                     *     }
                     */
                    "application/json": {
                        /** @description The saved snapshots, oldest first. */
                        snapshots: {
                            /** @description The snapshot's name. */
                            name: string;
                            /** @description The devnet's slot when it was saved: a restore resumes the clock there. */
                            slot: number;
                            /**
                             * Format: date-time
                             * @description When it was saved (UTC, ISO 8601).
                             */
                            savedAt: string;
                            /** @description The size of its file under DATA_DIR/snapshots. */
                            bytes: number;
                        }[];
                        /** @description How many the devnet keeps at most (DEVNET_SNAPSHOT_LIMIT); saving one more is a 409 until one is deleted. */
                        limit: number;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "The request body is empty: send a JSON object.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "GET /v2/services/devnet/snapshots exists only on the devnet; this instance serves preprod.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    saveDevnetSnapshot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The snapshot to save. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "before-settle"
                 *     }
                 */
                "application/json": {
                    /** @description The snapshot's name. A short slug: 1 to 48 lower-case letters, digits, "-" or "_", starting with a letter or a digit. */
                    name: string;
                    /** @description Replace the snapshot of this name if there is one (default false: a name in use is a 409). */
                    overwrite?: boolean;
                };
            };
        };
        responses: {
            /** @description A saved snapshot of the devnet. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "before-settle",
                     *       "slot": 77,
                     *       "savedAt": "2026-11-26T19:41:31.000Z",
                     *       "bytes": 57344
                     *     }
                     */
                    "application/json": {
                        /** @description The snapshot's name. */
                        name: string;
                        /** @description The devnet's slot when it was saved: a restore resumes the clock there. */
                        slot: number;
                        /**
                         * Format: date-time
                         * @description When it was saved (UTC, ISO 8601).
                         */
                        savedAt: string;
                        /** @description The size of its file under DATA_DIR/snapshots. */
                        bytes: number;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "body.name is invalid: The snapshot's name. A short slug: 1 to 48 lower-case letters, digits, \"-\" or \"_\", starting with a letter or a digit.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "POST /v2/services/devnet/snapshots exists only on the devnet; this instance serves preprod.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request conflicts with what exists: the message says what to do. Codes: `DEVNET_ERR_SNAPSHOT_EXISTS`, `DEVNET_ERR_SNAPSHOT_LIMIT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 409,
                     *       "error": "Conflict",
                     *       "code": "DEVNET_ERR_SNAPSHOT_EXISTS",
                     *       "message": "A snapshot named \"before-settle\" exists already: send \"overwrite\": true to replace it, or choose another name.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The chain backend is unreachable or not configured, or the key store cannot serve the request right now (retry later). Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    restoreDevnetSnapshot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The snapshot's name. A short slug: 1 to 48 lower-case letters, digits, "-" or "_", starting with a letter or a digit.
                 * @example before-settle
                 */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The snapshot restored, and the devnet as it is now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "snapshot": {
                     *         "name": "before-settle",
                     *         "slot": 77,
                     *         "savedAt": "2026-11-26T19:41:31.000Z",
                     *         "bytes": 57344
                     *       },
                     *       "devnet": {
                     *         "systemStart": 1795516414000,
                     *         "slotLengthMs": 1000,
                     *         "slotsPerBlock": 1,
                     *         "tip": {
                     *           "slot": 77,
                     *           "time": 1795516491000
                     *         },
                     *         "faucet": {
                     *           "address": "addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej",
                     *           "maxLovelace": "1000000000000",
                     *           "defaultLovelace": "10000000000"
                     *         },
                     *         "utxoCount": 1
                     *       }
                     *     }
                     */
                    "application/json": {
                        /**
                         * @description A saved snapshot of the devnet.
                         * @example {
                         *       "name": "before-settle",
                         *       "slot": 77,
                         *       "savedAt": "2026-11-26T19:41:31.000Z",
                         *       "bytes": 57344
                         *     }
                         */
                        snapshot: {
                            /** @description The snapshot's name. */
                            name: string;
                            /** @description The devnet's slot when it was saved: a restore resumes the clock there. */
                            slot: number;
                            /**
                             * Format: date-time
                             * @description When it was saved (UTC, ISO 8601).
                             */
                            savedAt: string;
                            /** @description The size of its file under DATA_DIR/snapshots. */
                            bytes: number;
                        };
                        /**
                         * @description The devnet: its clock and block cadence, its tip, its faucet and the size of its ledger.
                         * @example {
                         *       "systemStart": 1795516414000,
                         *       "slotLengthMs": 1000,
                         *       "slotsPerBlock": 1,
                         *       "tip": {
                         *         "slot": 77,
                         *         "time": 1795516491000
                         *       },
                         *       "faucet": {
                         *         "address": "addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej",
                         *         "maxLovelace": "1000000000000",
                         *         "defaultLovelace": "10000000000"
                         *       },
                         *       "utxoCount": 1
                         *     }
                         */
                        devnet: {
                            /** @description Unix milliseconds of slot 0: slot N starts at systemStart + N × slotLengthMs, for ever (a reset or a restore keeps it). */
                            systemStart: number;
                            /** @description Milliseconds per slot (1000): the clock follows the wall clock, plus what POST /devnet/advance added. */
                            slotLengthMs: number;
                            /** @description Slots per block: 1. The devnet makes one block every slot, empty ones included, so a block's height is its slot number and a transaction is in the block of the slot at which the devnet accepted it. */
                            slotsPerBlock: number;
                            /** @description The devnet's tip now. */
                            tip: {
                                /** @description The current slot (= the height of the latest block). */
                                slot: number;
                                /** @description Unix milliseconds of that slot's start. */
                                time: number;
                            };
                            /** @description The faucet. */
                            faucet: {
                                /** @description The faucet's address, where the genesis funds sit (its key is the devnet's own; a reset makes a new one). */
                                address: string;
                                /** @description The most one POST /devnet/faucet sends (DEVNET_FAUCET_MAX_LOVELACE), lovelace as a decimal string. */
                                maxLovelace: string;
                                /** @description What POST /devnet/faucet sends when it names no amount, lovelace as a decimal string. */
                                defaultLovelace: string;
                            };
                            /** @description Unspent outputs in the ledger. */
                            utxoCount: number;
                        };
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "params.name is invalid: The snapshot's name. A short slug: 1 to 48 lower-case letters, digits, \"-\" or \"_\", starting with a letter or a digit.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "No devnet snapshot is named \"before-settle\": there are \"genesis\", \"funded\".",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Well-formed input that the ledger or a contract rule refuses; the message says why. Codes: `SVC_ERR_UNPROCESSABLE`, `CHAIN_ERR_LEDGER_REJECTED`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 422,
                     *       "error": "Unprocessable Entity",
                     *       "code": "SVC_ERR_UNPROCESSABLE",
                     *       "message": "The snapshot \"old\" was saved by another devnet (system start 2026-11-20T08:00:00.000Z; this one's is 2026-11-26T19:00:00.000Z): its slots would mean other times here. Delete it, or restore it in the DATA_DIR it came from.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteDevnetSnapshot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The snapshot's name. A short slug: 1 to 48 lower-case letters, digits, "-" or "_", starting with a letter or a digit.
                 * @example before-settle
                 */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A saved snapshot of the devnet. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "before-settle",
                     *       "slot": 77,
                     *       "savedAt": "2026-11-26T19:41:31.000Z",
                     *       "bytes": 57344
                     *     }
                     */
                    "application/json": {
                        /** @description The snapshot's name. */
                        name: string;
                        /** @description The devnet's slot when it was saved: a restore resumes the clock there. */
                        slot: number;
                        /**
                         * Format: date-time
                         * @description When it was saved (UTC, ISO 8601).
                         */
                        savedAt: string;
                        /** @description The size of its file under DATA_DIR/snapshots. */
                        bytes: number;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "params.name is invalid: The snapshot's name. A short slug: 1 to 48 lower-case letters, digits, \"-\" or \"_\", starting with a letter or a digit.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "No devnet snapshot is named \"before-settle\": there are \"genesis\", \"funded\".",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    submitTournamentTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A transaction and the signatures to add before submitting it. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "transaction": "84a30081825820a4d0105a6ea55f3e1f03a9ebd857b5837ae45b58c4fbc0f483dbe8884521550a000182a300581d70b17e8d4c32bc8514462c90d3dc8c34e860aa8d07636dbdc3aabe4855011a004c4b40028201d8185829d8799fd8799f581c582b230bd943cd9a48302b9789af98e139c45a3ba312c7232953c82effd87a80ff82581d60582b230bd943cd9a48302b9789af98e139c45a3ba312c7232953c82e1a0b9ce7ab021a00028f15a0f5f6",
                 *       "signatures": [
                 *         "a100d90102818258203dde01ca3eec999e6b19ffe421ef2744a8c17876b042abbadbae3c08ba12b00a5840aed8fb7310adbc74076f10cb871c62e373c88aa61185aa8275ebfa268be220bf760c496cab10f3443184c755d903f1ec0cb1994bdfb222a89ad9bd8a2ffb6708"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description The transaction, CBOR hex: typically `complete` from a build endpoint, signed or not. */
                    transaction: string;
                    /** @description Witness sets whose vkey witnesses are added to the transaction's witness set. The transaction body is never changed. */
                    signatures?: string[];
                };
            };
        };
        responses: {
            /** @description The ledger accepted the transaction (or had already accepted it). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "txHash": "aeb8f06c32c8546426f8ddea662b00e781298f54ad4695573c382e656be77249"
                     *     }
                     */
                    "application/json": {
                        /** @description The transaction id (the hash of its body), lowercase hex. */
                        txHash: string;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "body.transaction is required.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Well-formed input that the ledger or a contract rule refuses; the message says why. Codes: `SVC_ERR_UNPROCESSABLE`, `CHAIN_ERR_LEDGER_REJECTED`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 422,
                     *       "error": "Unprocessable Entity",
                     *       "code": "CHAIN_ERR_LEDGER_REJECTED",
                     *       "message": "The ledger rejected the transaction: a signature is missing: the key with hash deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e37 (the payment key of addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej) must sign it. Sign `complete` with that key too and submit it again with every signature (the transaction itself stays the same).",
                     *       "detail": "Missing key hashes for transactionId \"3fedbd3f8146571a77adc1e6153fc32d735e53cf66aa0f56ce2a729ca338ce94\", missing inputs key hashes: Set(\"deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e37\"), missing collateral inputs key hashes: Set(), missing voting procedures key hashes: Set(), missing withdrawals key hashes: Set(), missing certificates key hashes: Set(), missing required signers key hashes: TreeSet()",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The chain backend is unreachable or not configured, or the key store cannot serve the request right now (retry later). Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listTournaments: {
        parameters: {
            query?: {
                /**
                 * @description Tournaments per page, 1 to 100; 100 when absent.
                 * @example 20
                 */
                limit?: number;
                /** @description The `cursor` of the previous page's answer, as it is; the first page when absent. */
                cursor?: string;
                /** @description Same as cursor (the hosted API's name for it). */
                pageState?: string;
                /** @description Selects a contract deployment by title; the default deployment's (cardano-tx-service/tournament) when absent. Unknown: 404. */
                contractTitle?: string;
                /** @description Selects a contract deployment by version; the default, "3.0.0" (contracts v3), when absent. "2.1.0" selects contracts v2.1, whose tournaments stay readable, settleable and refundable: a request on one of them names it. Unknown: 404. */
                contractVersion?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of tournaments. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "results": [
                     *         {
                     *           "tournamentId": "01b0162ab2624a35edc1385d7841135e96fd8e17eb68602ae4f7999cb5d8cee4",
                     *           "name": "Friday cup",
                     *           "adminAddress": "addr_test1vpvhrjk42na78u6a7fcgq8dd936u47axvr66lgy3hye2xnqsythuf",
                     *           "bracketSize": 2,
                     *           "entryFee": "5000000",
                     *           "payoutStructure": [
                     *             "15000000"
                     *           ],
                     *           "fixedPayouts": [
                     *             [
                     *               "addr_test1vpvhrjk42na78u6a7fcgq8dd936u47axvr66lgy3hye2xnqsythuf",
                     *               "2000000"
                     *             ]
                     *           ],
                     *           "participants": [],
                     *           "participantCount": 0,
                     *           "status": "open",
                     *           "settleBy": 1798383866000,
                     *           "deposit": "7000000",
                     *           "outputRef": "3c7bcfe991681e6c465145d3a0ddbd445350735522d7c5cc9ccb577e59c950f6#0",
                     *           "lovelace": "9700000",
                     *           "contractTitle": "cardano-tx-service/tournament",
                     *           "contractVersion": "3.0.0",
                     *           "policyId": "5ce36d2aa7a3909933bac98752a66f8cff0674a5915408e92f0a1d18",
                     *           "registrationAddress": "addr_test1wzchar2vx27g29zx9jgd8hyvxn5xp25dqa3km0wr42lys4g67d5kr",
                     *           "exitRule": "Until the bracket is full the admin may cancel (every entry fee back); once it is full the only ways out are a settlement, or a cancel or refund that shares the entry fees and the prize deposit equally among the players.",
                     *           "participantsPage": 1,
                     *           "participantsLimit": 64
                     *         }
                     *       ],
                     *       "cursor": null
                     *     }
                     */
                    "application/json": {
                        /** @description Tournaments (and outputs holding a tournament NFT that cannot be read: status unreadable), ordered by tournament ID. */
                        results: ({
                            /** @description The tournament ID: the NFT's asset name, blake2b-256 of the seed output reference (64 hex). */
                            tournamentId: string;
                            /** @description The tournament's name. */
                            name: string;
                            /** @description The admin's address. */
                            adminAddress: string;
                            /** @description How many participants the tournament has when full. */
                            bracketSize: number;
                            /** @description The entry fee. Lovelace, as a decimal string. */
                            entryFee: string;
                            /** @description Prizes of the 1st, 2nd, ... placement. */
                            payoutStructure: string[];
                            /** @description Fixed payouts made at settlement. */
                            fixedPayouts: [
                                string,
                                string
                            ][];
                            /** @description Participants, in the order they were added (seat order). GET /tournaments/{tournamentId}: one page of them (participantsPage, participantsLimit; all of a bracket of up to 100 with the defaults). GET /tournaments: under 2.1.0 all of them (at most 64); under 3.0.0 the first page of 64 (participantsPage 1, participantsLimit 64), GET /tournaments/{tournamentId} pages the rest. */
                            participants: string[];
                            /** @description How many participants the tournament has (seats taken), on every page. */
                            participantCount: number;
                            /** @description Which page of the participants `participants` is, from 1: from GET /tournaments/{tournamentId}, and in GET /tournaments' entries under 3.0.0 (1 there); absent from GET /tournaments' entries under 2.1.0, which list every participant. */
                            participantsPage?: number;
                            /** @description The page size of `participants`: from GET /tournaments/{tournamentId}, and in GET /tournaments' entries under 3.0.0 (64 there); the page holds participants (participantsPage − 1) × participantsLimit onwards, and the last page is the one reaching participantCount. */
                            participantsLimit?: number;
                            /** @description open: seats left, before the deadline; full: the bracket is full and it can be settled, before the deadline; expired: the chain's time has reached settleBy and it has not ended: nobody can add or settle any more, anyone can refund it; settled, cancelled, refunded: it ended that way (its NFT burnt), see endedBy. */
                            status: "open" | "full" | "expired" | "settled" | "cancelled" | "refunded";
                            /** @description The settlement deadline: adding participants and settling end there; from then on anyone can refund the tournament. Unix milliseconds. */
                            settleBy: number;
                            /** @description The creator's deposit for the prizes: what the prizes (placements and fixed payouts) exceed a full bracket's entry fees by, 0 when the fees cover them. It sits in the tournament output on top of its min-UTxO. Lovelace, as a decimal string. */
                            deposit: string;
                            /** @description The output that holds the tournament NFT now, <tx hash>#<index>; for an ended tournament the last one that held it (now spent). */
                            outputRef: string;
                            /** @description What the tournament output holds (the entry fees added, the deposit and the min-UTxO); for an ended tournament what its last output held. Lovelace, as a decimal string. */
                            lovelace: string;
                            /** @description The contract deployment's title. */
                            contractTitle: string;
                            /** @description The contract deployment's version. */
                            contractVersion: string;
                            /** @description Our addition: the NFT's policy id (= the tournament script hash). */
                            policyId: string;
                            /** @description Our addition: the address of this tournament's registration validator. */
                            registrationAddress: string;
                            /**
                             * @description How the tournament can end, one sentence, the same for every tournament (the contract enforces it): before the bracket is full a cancel pays every entry fee back and the rest (the deposit) to the admin; once it is full a cancel or a refund pays participant k (output k) the entry fee plus floor(D / N) of the deposit D, participant 0 also D mod N, and the admin what is left.
                             * @example Until the bracket is full the admin may cancel (every entry fee back); once it is full the only ways out are a settlement, or a cancel or refund that shares the entry fees and the prize deposit equally among the players.
                             */
                            exitRule: string;
                            /** @description Only for an ended tournament (settled, cancelled, refunded): the transaction that ended it. */
                            endedBy?: {
                                /** @description How it ended: settle (the admin paid the prizes), cancel (the admin refunded the entry fees), refund (anyone did, after settleBy). */
                                action: "settle" | "cancel" | "refund";
                                /** @description The transaction that spent the last tournament output and burnt the NFT. */
                                txHash: string;
                            };
                            /** @description Only for a settled tournament: the paid placements' participants in placement order (1st first), from the settlement's redeemer. */
                            results?: string[];
                            /** @description Only for a settled tournament: the prize outputs of the settlement, placements then fixed payouts; payout k is output k of the settling transaction, tagged [tournamentId, k]. */
                            payouts?: {
                                /** @description The address paid. */
                                address: string;
                                /** @description What the contract required the output to hold at least (the prize, the entry fee, or the admin's rest). Lovelace, as a decimal string. */
                                lovelace: string;
                                /** @description The output, <ending tx hash>#<k>. */
                                outputRef: string;
                            }[];
                            /** @description Only for a cancelled or refunded tournament: each participant's payment (output k for participant k, tagged [tournamentId, k]): the entry fee back, and once the bracket was full also an equal share of the deposit (floor(deposit / N), participant 0 also the remainder); none when that is 0 (free entry, and a bracket not full or no prizes). Then the rest of the tournament output to the admin in the next output (output N, or output 0 when no participant is paid), tagged [tournamentId, N] where N is the number of participants. Absent for a v3 tournament whose close split the refunds into batches of 64 seats (more than 64 participants): batch transactions pay them. */
                            refunds?: {
                                /** @description The address paid. */
                                address: string;
                                /** @description What the contract required the output to hold at least (the prize, the entry fee, or the admin's rest). Lovelace, as a decimal string. */
                                lovelace: string;
                                /** @description The output, <ending tx hash>#<k>. */
                                outputRef: string;
                            }[];
                            /** @description Only for a v3 tournament whose close split the refunds into batches (more than 64 participants): each batch, its seats, and who paid it. Each seat is paid once, by its batch's transaction, tagged [tournamentId, seat]. */
                            batches?: {
                                /** @description The batch's number: output `batch` of the closing transaction. */
                                batch: number;
                                /** @description Its first and last seat. */
                                seats: [
                                    number,
                                    number
                                ];
                                /** @description The batch UTxO, <closing tx hash>#<batch>. */
                                outputRef: string;
                                /** @description The transaction that paid its seats; null while unpaid (POST …/refund or …/cancel pays it, anyone). */
                                paidBy: string | null;
                            }[];
                        } | {
                            /** @description The tournament ID: the NFT's asset name, blake2b-256 of the seed output reference (64 hex). */
                            tournamentId: string;
                            /**
                             * @description An output holds the tournament's NFT, but the service cannot read it as a tournament.
                             * @enum {string}
                             */
                            status: "unreadable";
                            /** @description Why it cannot be read, a sentence (a datum that does not decode, another registration validator, …). */
                            reason: string;
                            /** @description The output that holds the NFT, <tx hash>#<index>. */
                            outputRef: string;
                            /** @description Where that output is. */
                            address: string;
                            /** @description What the output holds. Lovelace, as a decimal string. */
                            lovelace: string;
                            /** @description Everything the output holds, lovelace first. */
                            value: {
                                /** @description lovelace, or policy id + asset name (hex). */
                                unit: string;
                                /** @description The quantity, a decimal string. */
                                quantity: string;
                            }[];
                            /** @description The contract deployment's title. */
                            contractTitle: string;
                            /** @description The contract deployment's version. */
                            contractVersion: string;
                            /** @description The NFT's policy id (= the tournament script hash). */
                            policyId: string;
                        })[];
                        /** @description Pass it back as the query's `cursor` for the next page; null on the last page. */
                        cursor: string | null;
                        /** @description The same as cursor, under the hosted API's name; absent on the last page. */
                        pageState?: string;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "query.limit must be >= 1.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "No tournament contract deployment \"cardano-tx-service/tournament\" version \"1.0.0\": this service knows \"cardano-tx-service/tournament\" version \"3.0.0\" and \"cardano-tx-service/tournament\" version \"2.1.0\".",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The chain backend is unreachable or not configured, or the key store cannot serve the request right now (retry later). Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createTournament: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A new tournament. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Friday cup",
                 *       "adminAddress": "addr_test1vpvhrjk42na78u6a7fcgq8dd936u47axvr66lgy3hye2xnqsythuf",
                 *       "bracketSize": 2,
                 *       "entryFee": "5_000_000",
                 *       "payoutStructure": [
                 *         15000000
                 *       ],
                 *       "fixedPayouts": [
                 *         [
                 *           "addr_test1vpvhrjk42na78u6a7fcgq8dd936u47axvr66lgy3hye2xnqsythuf",
                 *           2000000
                 *         ]
                 *       ],
                 *       "utxos": [
                 *         "828258206a61e6378f84521b53a6ae39029f401cc6f90b219e13ca45cda5edc5c269ff4d0082581d605971cad554fbe3f35df270801dad2c75cafba660f5afa091b932a34c1a17d78400"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description The tournament's name, at most 64 bytes of UTF-8 (stored in the datum). */
                    name: string;
                    /** @description The admin's address; its payment credential must be a key: the admin signs adding participants, settlement and cancel. */
                    adminAddress: string;
                    /** @description Receives the change; defaults to adminAddress. */
                    changeAddress?: string;
                    /** @description How many participants the tournament has: from 2 to 1024 under contract version 3.0.0 (its datum keeps a seat tree's root, not the list), from 2 to 64 under 2.1.0 (every add carries the whole participant list; more is a 400 naming the version's limit). Settlement needs a full bracket. A bracket is filled in add-participants transactions of up to 40 and settled in one. */
                    bracketSize: number;
                    /** @description Lovelace each participant pays to register: 0 or at least 1300000 (MIN_PAYOUT_LOVELACE, the smallest payment the contract returns in an output of its own); 0 when absent: a free tournament, whose registrations hold their min-UTxO or 1300000 lovelace, whichever is more (returned to the registrant when added), and whose prizes the creator's deposit pays (0, or at least bracketSize × 1300000 lovelace: a cancel or refund of a full bracket shares them among the players). A non-negative safe integer, or a decimal string such as "5_000_000". */
                    entryFee?: number | string;
                    /** @description Absolute lovelace amounts paid to the 1st, 2nd, ... placement; at most bracketSize entries and at most 32 (what one settlement transaction can pay within the ledger's execution limits, besides the fixed payouts). Whatever they and fixedPayouts exceed a full bracket's entry fees (bracketSize × entryFee) by, the creator deposits at creation (the answer's `deposit`): the prizes are guaranteed on chain. */
                    payoutStructure: (number | string)[];
                    /** @description Fixed payouts made at settlement besides the placements (e.g. an organizer's fee); at most 8. */
                    fixedPayouts?: [
                        string,
                        number | string
                    ][];
                    /** @description The settlement deadline: participants are added and the tournament settled before it; from then on anyone can refund it (POST /tournaments/{tournamentId}/refund). Default: 30 days after the chain's time now. At least 10 minutes and at most 365 days after the chain's time now (else 400). Unix milliseconds. */
                    settleBy?: number;
                    /** @description UTxO strings that pay for the transaction; the first one is consumed and names the tournament (its ID derives from it). One must hold only ADA, 5 ADA or more, for collateral. When absent or empty ([] as the hosted API's examples send it), the UTxOs at adminAddress (the first of them in ledger order, by output reference, without a datum or a reference script, is the one consumed) are read from the chain (as POST /transactions/build reads changeAddress's), on every network, leaving out any that carries a datum and a token (a CIP-68 reference token, say); a refusal about them names that address. A multi-account wallet should still send its own. */
                    utxos?: string[];
                    /** @description Selects a contract deployment by title; the default deployment's (cardano-tx-service/tournament) when absent. Unknown: 404. */
                    contractTitle?: string;
                    /** @description Selects a contract deployment by version; the default, "3.0.0" (contracts v3), when absent. "2.1.0" selects contracts v2.1, whose tournaments stay readable, settleable and refundable: a request on one of them names it. Unknown: 404. */
                    contractVersion?: string;
                };
            };
        };
        responses: {
            /** @description The create transaction, the tournament's ID, its deposit and deadline. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "complete": "84ab00818258206a61e6378f84521b53a6ae39029f401cc6f90b219e13ca45cda5edc5c269ff4d000182a300581d705ce36d2aa7a3909933bac98752a66f8cff0674a5915408e92f0a1d1801821a009402a0a1581c5ce36d2aa7a3909933bac98752a66f8cff0674a5915408e92f0a1d18a1582001b0162ab2624a35edc1385d7841135e96fd8e17eb68602ae4f7999cb5d8cee401028201d81858a09f9f4a46726964617920637570d8799fd8799f581c5971cad554fbe3f35df270801dad2c75cafba660f5afa091b932a34cffd87a80ff021a004c4b409f1a00e4e1c0ff9f9fd8799fd8799f581c5971cad554fbe3f35df270801dad2c75cafba660f5afa091b932a34cffd87a80ff1a001e8480ffff581cb17e8d4c32bc8514462c90d3dc8c34e860aa8d07636dbdc3aabe48551b000001a2b8081090ff0080ff82581d605971cad554fbe3f35df270801dad2c75cafba660f5afa091b932a34c1a173d71d7021a00060f8903191c22080209a1581c5ce36d2aa7a3909933bac98752a66f8cff0674a5915408e92f0a1d18a1582001b0162ab2624a35edc1385d7841135e96fd8e17eb68602ae4f7999cb5d8cee4010b5820f8b35384f2c3ab54caa07ad6f32799a524ff410a91189c0e4630f54954ee789d0d818258206a61e6378f84521b53a6ae39029f401cc6f90b219e13ca45cda5edc5c269ff4d001082581d605971cad554fbe3f35df270801dad2c75cafba660f5afa091b932a34c1a178b38c0111a004c4b4012818258203c1fa9ab1b71785de87b54a48e966fbd19eea740c4ec72f582a0bd4e80d1073300a10581840100d8799fd8799fd8799fd8799f58206a61e6378f84521b53a6ae39029f401cc6f90b219e13ca45cda5edc5c269ff4dff00ffffff821a000a75851a0c26d3c1f5f6",
                     *       "hash": "3c7bcfe991681e6c465145d3a0ddbd445350735522d7c5cc9ccb577e59c950f6",
                     *       "fee": "397193",
                     *       "tournamentId": "01b0162ab2624a35edc1385d7841135e96fd8e17eb68602ae4f7999cb5d8cee4",
                     *       "deposit": "7000000",
                     *       "settleBy": 1798383866000
                     *     }
                     */
                    "application/json": {
                        /** @description The whole unsigned transaction: sign it and submit it with POST /tournaments/submit-tx. */
                        complete: string;
                        /** @description The transaction id (the body hash). */
                        hash: string;
                        /** @description Our addition: the fee the transaction pays. Lovelace, as a decimal string. */
                        fee: string;
                        /** @description The tournament ID: the NFT's asset name, blake2b-256 of the seed output reference (64 hex). */
                        tournamentId: string;
                        /** @description The creator's deposit for the prizes: what the prizes exceed a full bracket's entry fees by (0 when the fees cover them), locked in the tournament output on top of its min-UTxO. Lovelace, as a decimal string. */
                        deposit: string;
                        /** @description The settlement deadline in the datum (the request's, or the default). Unix milliseconds. */
                        settleBy: number;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "body.name is required.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "No tournament contract deployment \"cardano-tx-service/tournament\" version \"1.0.0\": this service knows \"cardano-tx-service/tournament\" version \"3.0.0\" and \"cardano-tx-service/tournament\" version \"2.1.0\".",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Well-formed input that the ledger or a contract rule refuses; the message says why. Codes: `SVC_ERR_UNPROCESSABLE`, `CHAIN_ERR_LEDGER_REJECTED`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 422,
                     *       "error": "Unprocessable Entity",
                     *       "code": "SVC_ERR_UNPROCESSABLE",
                     *       "message": "A tournament script refuses this transaction: Script evaluation failed: Error evaluated\nat :1:0 - 1:0\nspent budget: { mem: 0.073055, cpu: 24.434286 }\nlogs: seed not consumed (T01) Script logs: seed not consumed (T01)",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The chain backend is unreachable or not configured, or the key store cannot serve the request right now (retry later). Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getTournament: {
        parameters: {
            query?: {
                /**
                 * @description Participants per page, 1 to 100; 100 when absent (a bracket of up to 100 on one page).
                 * @example 20
                 */
                participantsLimit?: number;
                /**
                 * @description Which page of the participants (in seat order) the answer's `participants` is, from 1; 1 when absent. A page past the last one is empty.
                 * @example 1
                 */
                participantsPage?: number;
                /** @description Selects a contract deployment by title; the default deployment's (cardano-tx-service/tournament) when absent. Unknown: 404. */
                contractTitle?: string;
                /** @description Selects a contract deployment by version; the default, "3.0.0" (contracts v3), when absent. "2.1.0" selects contracts v2.1, whose tournaments stay readable, settleable and refundable: a request on one of them names it. Unknown: 404. */
                contractVersion?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The tournament ID: the NFT's asset name, blake2b-256 of the seed output reference (64 hex).
                 * @example 01b0162ab2624a35edc1385d7841135e96fd8e17eb68602ae4f7999cb5d8cee4
                 */
                tournamentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A tournament (status open, full, expired, settled, cancelled, refunded), or, with status unreadable, an output holding its NFT that the service cannot read. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The tournament ID: the NFT's asset name, blake2b-256 of the seed output reference (64 hex). */
                        tournamentId: string;
                        /** @description The tournament's name. */
                        name: string;
                        /** @description The admin's address. */
                        adminAddress: string;
                        /** @description How many participants the tournament has when full. */
                        bracketSize: number;
                        /** @description The entry fee. Lovelace, as a decimal string. */
                        entryFee: string;
                        /** @description Prizes of the 1st, 2nd, ... placement. */
                        payoutStructure: string[];
                        /** @description Fixed payouts made at settlement. */
                        fixedPayouts: [
                            string,
                            string
                        ][];
                        /** @description Participants, in the order they were added (seat order). GET /tournaments/{tournamentId}: one page of them (participantsPage, participantsLimit; all of a bracket of up to 100 with the defaults). GET /tournaments: under 2.1.0 all of them (at most 64); under 3.0.0 the first page of 64 (participantsPage 1, participantsLimit 64), GET /tournaments/{tournamentId} pages the rest. */
                        participants: string[];
                        /** @description How many participants the tournament has (seats taken), on every page. */
                        participantCount: number;
                        /** @description Which page of the participants `participants` is, from 1: from GET /tournaments/{tournamentId}, and in GET /tournaments' entries under 3.0.0 (1 there); absent from GET /tournaments' entries under 2.1.0, which list every participant. */
                        participantsPage?: number;
                        /** @description The page size of `participants`: from GET /tournaments/{tournamentId}, and in GET /tournaments' entries under 3.0.0 (64 there); the page holds participants (participantsPage − 1) × participantsLimit onwards, and the last page is the one reaching participantCount. */
                        participantsLimit?: number;
                        /** @description open: seats left, before the deadline; full: the bracket is full and it can be settled, before the deadline; expired: the chain's time has reached settleBy and it has not ended: nobody can add or settle any more, anyone can refund it; settled, cancelled, refunded: it ended that way (its NFT burnt), see endedBy. */
                        status: "open" | "full" | "expired" | "settled" | "cancelled" | "refunded";
                        /** @description The settlement deadline: adding participants and settling end there; from then on anyone can refund the tournament. Unix milliseconds. */
                        settleBy: number;
                        /** @description The creator's deposit for the prizes: what the prizes (placements and fixed payouts) exceed a full bracket's entry fees by, 0 when the fees cover them. It sits in the tournament output on top of its min-UTxO. Lovelace, as a decimal string. */
                        deposit: string;
                        /** @description The output that holds the tournament NFT now, <tx hash>#<index>; for an ended tournament the last one that held it (now spent). */
                        outputRef: string;
                        /** @description What the tournament output holds (the entry fees added, the deposit and the min-UTxO); for an ended tournament what its last output held. Lovelace, as a decimal string. */
                        lovelace: string;
                        /** @description The contract deployment's title. */
                        contractTitle: string;
                        /** @description The contract deployment's version. */
                        contractVersion: string;
                        /** @description Our addition: the NFT's policy id (= the tournament script hash). */
                        policyId: string;
                        /** @description Our addition: the address of this tournament's registration validator. */
                        registrationAddress: string;
                        /**
                         * @description How the tournament can end, one sentence, the same for every tournament (the contract enforces it): before the bracket is full a cancel pays every entry fee back and the rest (the deposit) to the admin; once it is full a cancel or a refund pays participant k (output k) the entry fee plus floor(D / N) of the deposit D, participant 0 also D mod N, and the admin what is left.
                         * @example Until the bracket is full the admin may cancel (every entry fee back); once it is full the only ways out are a settlement, or a cancel or refund that shares the entry fees and the prize deposit equally among the players.
                         */
                        exitRule: string;
                        /** @description Only for an ended tournament (settled, cancelled, refunded): the transaction that ended it. */
                        endedBy?: {
                            /** @description How it ended: settle (the admin paid the prizes), cancel (the admin refunded the entry fees), refund (anyone did, after settleBy). */
                            action: "settle" | "cancel" | "refund";
                            /** @description The transaction that spent the last tournament output and burnt the NFT. */
                            txHash: string;
                        };
                        /** @description Only for a settled tournament: the paid placements' participants in placement order (1st first), from the settlement's redeemer. */
                        results?: string[];
                        /** @description Only for a settled tournament: the prize outputs of the settlement, placements then fixed payouts; payout k is output k of the settling transaction, tagged [tournamentId, k]. */
                        payouts?: {
                            /** @description The address paid. */
                            address: string;
                            /** @description What the contract required the output to hold at least (the prize, the entry fee, or the admin's rest). Lovelace, as a decimal string. */
                            lovelace: string;
                            /** @description The output, <ending tx hash>#<k>. */
                            outputRef: string;
                        }[];
                        /** @description Only for a cancelled or refunded tournament: each participant's payment (output k for participant k, tagged [tournamentId, k]): the entry fee back, and once the bracket was full also an equal share of the deposit (floor(deposit / N), participant 0 also the remainder); none when that is 0 (free entry, and a bracket not full or no prizes). Then the rest of the tournament output to the admin in the next output (output N, or output 0 when no participant is paid), tagged [tournamentId, N] where N is the number of participants. Absent for a v3 tournament whose close split the refunds into batches of 64 seats (more than 64 participants): batch transactions pay them. */
                        refunds?: {
                            /** @description The address paid. */
                            address: string;
                            /** @description What the contract required the output to hold at least (the prize, the entry fee, or the admin's rest). Lovelace, as a decimal string. */
                            lovelace: string;
                            /** @description The output, <ending tx hash>#<k>. */
                            outputRef: string;
                        }[];
                        /** @description Only for a v3 tournament whose close split the refunds into batches (more than 64 participants): each batch, its seats, and who paid it. Each seat is paid once, by its batch's transaction, tagged [tournamentId, seat]. */
                        batches?: {
                            /** @description The batch's number: output `batch` of the closing transaction. */
                            batch: number;
                            /** @description Its first and last seat. */
                            seats: [
                                number,
                                number
                            ];
                            /** @description The batch UTxO, <closing tx hash>#<batch>. */
                            outputRef: string;
                            /** @description The transaction that paid its seats; null while unpaid (POST …/refund or …/cancel pays it, anyone). */
                            paidBy: string | null;
                        }[];
                    } | {
                        /** @description The tournament ID: the NFT's asset name, blake2b-256 of the seed output reference (64 hex). */
                        tournamentId: string;
                        /**
                         * @description An output holds the tournament's NFT, but the service cannot read it as a tournament.
                         * @enum {string}
                         */
                        status: "unreadable";
                        /** @description Why it cannot be read, a sentence (a datum that does not decode, another registration validator, …). */
                        reason: string;
                        /** @description The output that holds the NFT, <tx hash>#<index>. */
                        outputRef: string;
                        /** @description Where that output is. */
                        address: string;
                        /** @description What the output holds. Lovelace, as a decimal string. */
                        lovelace: string;
                        /** @description Everything the output holds, lovelace first. */
                        value: {
                            /** @description lovelace, or policy id + asset name (hex). */
                            unit: string;
                            /** @description The quantity, a decimal string. */
                            quantity: string;
                        }[];
                        /** @description The contract deployment's title. */
                        contractTitle: string;
                        /** @description The contract deployment's version. */
                        contractVersion: string;
                        /** @description The NFT's policy id (= the tournament script hash). */
                        policyId: string;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "query.participantsLimit must be <= 100.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "No tournament abababababababababababababababababababababababababababababababab under contract \"cardano-tx-service/tournament\" version \"3.0.0\" nor \"cardano-tx-service/tournament\" version \"2.1.0\": no output of theirs holds or held its NFT.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The chain backend is unreachable or not configured, or the key store cannot serve the request right now (retry later). Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    registerToTournament: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tournament ID: the NFT's asset name, blake2b-256 of the seed output reference (64 hex).
                 * @example 01b0162ab2624a35edc1385d7841135e96fd8e17eb68602ae4f7999cb5d8cee4
                 */
                tournamentId: string;
            };
            cookie?: never;
        };
        /** @description A registration to a tournament. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "registererAddress": "addr_test1vpvzkgctm9pumxjgxq4e0zd0nrsnn3z68w3393er99fuststt0htt",
                 *       "utxos": [
                 *         "8282582092c459d69fc14f93c393822877d09f62f2867977d1ce9cbc1ab949fe655571cf0082581d60582b230bd943cd9a48302b9789af98e139c45a3ba312c7232953c82e1a004c4b40",
                 *         "82825820a4d0105a6ea55f3e1f03a9ebd857b5837ae45b58c4fbc0f483dbe8884521550a0082581d60582b230bd943cd9a48302b9789af98e139c45a3ba312c7232953c82e1a0bebc200"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description The tournament ID again, as clients of the hosted API send it; when present it must equal the path's. */
                    tournamentId?: string;
                    /** @description The registrant's address (key payment credential): the registration's datum, and who may cancel it. */
                    registererAddress: string;
                    /** @description Receives the change; defaults to registererAddress. */
                    changeAddress?: string;
                    /** @description UTxO strings that pay the entry fee and the transaction fee. When absent or empty ([] as the hosted API's examples send it), the UTxOs at registererAddress are read from the chain (as POST /transactions/build reads changeAddress's), on every network, leaving out any that carries a datum and a token (a CIP-68 reference token, say); a refusal about them names that address. A multi-account wallet should still send its own. */
                    utxos?: string[];
                    /** @description Selects a contract deployment by title; the default deployment's (cardano-tx-service/tournament) when absent. Unknown: 404. */
                    contractTitle?: string;
                    /** @description Selects a contract deployment by version; the default, "3.0.0" (contracts v3), when absent. "2.1.0" selects contracts v2.1, whose tournaments stay readable, settleable and refundable: a request on one of them names it. Unknown: 404. */
                    contractVersion?: string;
                };
            };
        };
        responses: {
            /** @description The registration transaction and its output. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "complete": "84a30081825820a4d0105a6ea55f3e1f03a9ebd857b5837ae45b58c4fbc0f483dbe8884521550a000182a300581d70b17e8d4c32bc8514462c90d3dc8c34e860aa8d07636dbdc3aabe4855011a004c4b40028201d8185829d8799fd8799f581c582b230bd943cd9a48302b9789af98e139c45a3ba312c7232953c82effd87a80ff82581d60582b230bd943cd9a48302b9789af98e139c45a3ba312c7232953c82e1a0b9ce7ab021a00028f15a0f5f6",
                     *       "hash": "aeb8f06c32c8546426f8ddea662b00e781298f54ad4695573c382e656be77249",
                     *       "fee": "167701",
                     *       "outputRef": "aeb8f06c32c8546426f8ddea662b00e781298f54ad4695573c382e656be77249#0"
                     *     }
                     */
                    "application/json": {
                        /** @description The whole unsigned transaction: sign it and submit it with POST /tournaments/submit-tx. */
                        complete: string;
                        /** @description The transaction id (the body hash). */
                        hash: string;
                        /** @description Our addition: the fee the transaction pays. Lovelace, as a decimal string. */
                        fee: string;
                        /** @description The registration output this transaction makes, <tx hash>#0. */
                        outputRef: string;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "body.registererAddress is required.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "No tournament abababababababababababababababababababababababababababababababab under contract \"cardano-tx-service/tournament\" version \"3.0.0\": it does not exist, or it ended (settled, cancelled or refunded: its NFT burnt; GET /tournaments/abababababababababababababababababababababababababababababababab tells how).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Well-formed input that the ledger or a contract rule refuses; the message says why. Codes: `SVC_ERR_UNPROCESSABLE`, `CHAIN_ERR_LEDGER_REJECTED`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 422,
                     *       "error": "Unprocessable Entity",
                     *       "code": "SVC_ERR_UNPROCESSABLE",
                     *       "message": "A tournament script refuses this transaction: Script evaluation failed: Error evaluated\nat :1:0 - 1:0\nspent budget: { mem: 0.073055, cpu: 24.434286 }\nlogs: seed not consumed (T01) Script logs: seed not consumed (T01)",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The chain backend is unreachable or not configured, or the key store cannot serve the request right now (retry later). Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    unregisterFromTournament: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tournament ID: the NFT's asset name, blake2b-256 of the seed output reference (64 hex).
                 * @example 01b0162ab2624a35edc1385d7841135e96fd8e17eb68602ae4f7999cb5d8cee4
                 */
                tournamentId: string;
            };
            cookie?: never;
        };
        /** @description The cancellation of a registration. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "registererAddress": "addr_test1vpvzkgctm9pumxjgxq4e0zd0nrsnn3z68w3393er99fuststt0htt",
                 *       "outputRef": "aeb8f06c32c8546426f8ddea662b00e781298f54ad4695573c382e656be77249#0",
                 *       "utxos": [
                 *         "8282582092c459d69fc14f93c393822877d09f62f2867977d1ce9cbc1ab949fe655571cf0082581d60582b230bd943cd9a48302b9789af98e139c45a3ba312c7232953c82e1a004c4b40",
                 *         "82825820aeb8f06c32c8546426f8ddea662b00e781298f54ad4695573c382e656be772490182581d60582b230bd943cd9a48302b9789af98e139c45a3ba312c7232953c82e1a0b9ce7ab"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description The tournament ID again, as clients of the hosted API send it; when present it must equal the path's. */
                    tournamentId?: string;
                    /** @description The registrant's address: it must be the registration's datum; it receives the refund and must sign. */
                    registererAddress: string;
                    /** @description Receives the change; defaults to registererAddress. */
                    changeAddress?: string;
                    /** @description The registration output to cancel, <tx hash>#<index>. */
                    outputRef: string;
                    /** @description UTxO strings that pay the transaction fee; one must hold only ADA, 5 ADA or more, for collateral. When absent or empty ([] as the hosted API's examples send it), the UTxOs at registererAddress are read from the chain (as POST /transactions/build reads changeAddress's), on every network, leaving out any that carries a datum and a token (a CIP-68 reference token, say); a refusal about them names that address. A multi-account wallet should still send its own. */
                    utxos?: string[];
                    /** @description Selects a contract deployment by title; the default deployment's (cardano-tx-service/tournament) when absent. Unknown: 404. */
                    contractTitle?: string;
                    /** @description Selects a contract deployment by version; the default, "3.0.0" (contracts v3), when absent. "2.1.0" selects contracts v2.1, whose tournaments stay readable, settleable and refundable: a request on one of them names it. Unknown: 404. */
                    contractVersion?: string;
                };
            };
        };
        responses: {
            /** @description An unsigned transaction. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "complete": "84a80082825820aeb8f06c32c8546426f8ddea662b00e781298f54ad4695573c382e656be7724900825820aeb8f06c32c8546426f8ddea662b00e781298f54ad4695573c382e656be7724901018282581d60582b230bd943cd9a48302b9789af98e139c45a3ba312c7232953c82e1a004c4b4082581d60582b230bd943cd9a48302b9789af98e139c45a3ba312c7232953c82e1a0b9969ed021a00037dbe0b58203dd10b0c1c933cf156494f3a8a5b907e4e4920f1386ae57ff61ad6545f1140ab0d81825820aeb8f06c32c8546426f8ddea662b00e781298f54ad4695573c382e656be77249010e81581c582b230bd943cd9a48302b9789af98e139c45a3ba312c7232953c82e1082581d60582b230bd943cd9a48302b9789af98e139c45a3ba312c7232953c82e1a0b509c6b111a004c4b40a20581840000d8798082195d1c1a0072900f06d90102815904a159049e010000222323232323232533357346a666ae68cdc39aab9d375401090000991919191911a999ab9a0021232533357340022002266ae7124103543536000013232323233300100100223375e002008444a666aae7c0085280a999ab9a30013574200429444ccc00c00cd5d10010009bac357426ae88d5d11aba2357446ae88d5d11aba2357446aae78dd50079ba9001375c6ae84d55cf1baa0011232533357340022002266ae71241035435370000153335734a666666ae900404c94ccd5cd19b8735573a00290000992999aab9f00114a02a666ae68c02cd5d08008992999aab9f00114a02a666ae68c94cccccd5d200089919192999ab9a3370e00490000a999aab9f00114a02a666aae7cd5d10008992999999aba400113232325333573466e1c0092000133301301423335573e002945280008a999ab9a3370e004900109998099199999aba40014a0941282514a0660264666666ae90005282504a094528198099199999aba40014a0941282514a04666aae7c00528a5000114a06aae78008d55ce8009baa00114a029405280a5035742002294054ccd5cd19b87002480084ccd55cf800a514a02940d55cf0011aab9d001375400229405280a5014a06ae8400454ccd55cf9aba200114a229405281aba200114a06aae780045281baa01014a029405280a50135333573400624646a666ae68cdc39aab9d3754002900109251123235333573466e1cd55ce9baa00148000492889250001357426aae78dd50008009aba13574400e2494001452800219b8700148000d55ce9baa001357420026aae78004dd5004899191911919192999ab9a32533357340022002266ae7124103543538000015333573466ebcc8d5d09aab9e37540026ae8400530122d87a9f581c5ce36d2aa7a3909933bac98752a66f8cff0674a5915408e92f0a1d18ff0013370e646466600200244a666aae7c0045200015333573466ebcd55ce9aba10014c122582001b0162ab2624a35edc1385d7841135e96fd8e17eb68602ae4f7999cb5d8cee4001375a6aae78d5d08008998010011aba200100222253335573e002290000a999ab9a3375e6aae74d5d0800a611e581c5ce36d2aa7a3909933bac98752a66f8cff0674a5915408e92f0a1d180013300200237566aae78d5d080089998018018011aba200137566ae84d5d1000a400429404c94ccd5cd0008800899ab9c4901035435390000132333573400294128991919800800801112999aab9f00114a02a666ae68cdd79aab9d3574200298011e581c5ce36d2aa7a3909933bac98752a66f8cff0674a5915408e92f0a1d180014a22660040046ae88004dd59aba1357446ae880145281aab9e00137540026ae84dd61aba1002357440026ae88d55cf0009baa0060081498588894ccd55cf8008a5015333573460066ae840044c008d5d10008a502533333357480022646464a666ae68cdc3801240002a666aae7c0045280a999aab9f357440022600c6ae840045280a999ab9a3370e00490010a999aab9f00114a02a666aae7cd5d1000898029aba100114a02940d55cf0011aab9d001375400229405280a5014a0a004a00224a666666ae900045280a5014a0294054ccd5cd19b87371a6eb8005203814a22940d5d09aab9e3754003f5f6",
                     *       "hash": "b03f1d2f39582d8e248ff0c3d721bb5781bfedfc1d5ebd3a1d1e45b019f82846",
                     *       "fee": "228798"
                     *     }
                     */
                    "application/json": {
                        /** @description The whole unsigned transaction: sign it and submit it with POST /tournaments/submit-tx. */
                        complete: string;
                        /** @description The transaction id (the body hash). */
                        hash: string;
                        /** @description Our addition: the fee the transaction pays. Lovelace, as a decimal string. */
                        fee: string;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "body.registererAddress is required.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "No tournament abababababababababababababababababababababababababababababababab under contract \"cardano-tx-service/tournament\" version \"3.0.0\": it does not exist, or it ended (settled, cancelled or refunded: its NFT burnt; GET /tournaments/abababababababababababababababababababababababababababababababab tells how).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Well-formed input that the ledger or a contract rule refuses; the message says why. Codes: `SVC_ERR_UNPROCESSABLE`, `CHAIN_ERR_LEDGER_REJECTED`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 422,
                     *       "error": "Unprocessable Entity",
                     *       "code": "SVC_ERR_UNPROCESSABLE",
                     *       "message": "A tournament script refuses this transaction: Script evaluation failed: Error evaluated\nat :1:0 - 1:0\nspent budget: { mem: 0.073055, cpu: 24.434286 }\nlogs: seed not consumed (T01) Script logs: seed not consumed (T01)",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The chain backend is unreachable or not configured, or the key store cannot serve the request right now (retry later). Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listTournamentRegistrations: {
        parameters: {
            query?: {
                /** @description true: only valid registrations; false: only invalid ones; all when absent. */
                valid?: boolean;
                /**
                 * @description Registrations per page, 1 to 100; 100 when absent.
                 * @example 20
                 */
                limit?: number;
                /** @description The `cursor` of the previous page's answer, as it is; the first page when absent. Here a cursor is a page number, from 1 (as the hosted API's cursor). */
                cursor?: string;
                /** @description Same as cursor: the page number, from 1; 1 when absent. */
                page?: number;
                /** @description Selects a contract deployment by title; the default deployment's (cardano-tx-service/tournament) when absent. Unknown: 404. */
                contractTitle?: string;
                /** @description Selects a contract deployment by version; the default, "3.0.0" (contracts v3), when absent. "2.1.0" selects contracts v2.1, whose tournaments stay readable, settleable and refundable: a request on one of them names it. Unknown: 404. */
                contractVersion?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The tournament ID: the NFT's asset name, blake2b-256 of the seed output reference (64 hex).
                 * @example 01b0162ab2624a35edc1385d7841135e96fd8e17eb68602ae4f7999cb5d8cee4
                 */
                tournamentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of registrations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "entryFeeLovelace": "5000000",
                     *       "results": [
                     *         {
                     *           "address": "addr_test1vpvhrjk42na78u6a7fcgq8dd936u47axvr66lgy3hye2xnqsythuf",
                     *           "outputRef": "7379a0cfb3e0f8dca044cabf0935288416ffd933c1df4a10418c2f6b1ff2d049#0",
                     *           "valid": false,
                     *           "paidFeesLovelace": "5500000",
                     *           "reason": "It is overpaid by 500000 lovelace, less than the 1300000 lovelace (MIN_PAYOUT_LOVELACE, 1.3 ADA) a returned output needs: the contract refuses to add it (nobody can make the admin fund its return); its registrant can take it back with POST /tournaments/01b0162ab2624a35edc1385d7841135e96fd8e17eb68602ae4f7999cb5d8cee4/unregister."
                     *         },
                     *         {
                     *           "address": "addr_test1vpvhrjk42na78u6a7fcgq8dd936u47axvr66lgy3hye2xnqsythuf",
                     *           "outputRef": "91bacfa6c5cce190931d26cb8765d243c53dfa8c8e7be79c92735ffca6784496#0",
                     *           "valid": true,
                     *           "paidFeesLovelace": "5000000"
                     *         },
                     *         {
                     *           "address": "addr_test1vpvzkgctm9pumxjgxq4e0zd0nrsnn3z68w3393er99fuststt0htt",
                     *           "outputRef": "aeb8f06c32c8546426f8ddea662b00e781298f54ad4695573c382e656be77249#0",
                     *           "valid": true,
                     *           "paidFeesLovelace": "5000000"
                     *         }
                     *       ],
                     *       "page": 1,
                     *       "limit": 100,
                     *       "cursor": null
                     *     }
                     */
                    "application/json": {
                        /** @description The tournament's entry fee. Lovelace, as a decimal string. */
                        entryFeeLovelace: string;
                        /** @description Registrations, ordered by output reference. */
                        results: {
                            /** @description The registrant's address from the datum; null when the datum is not an address. */
                            address: string | null;
                            /** @description The registration output, <tx hash>#<index>. */
                            outputRef: string;
                            /** @description true when the inline datum is a key address, the output holds ada alone, at least the entry fee, and what it holds beyond the fee can be returned in an output of its own (at least 1300000 lovelace, MIN_PAYOUT_LOVELACE). */
                            valid: boolean;
                            /** @description Only when valid is false: why, a sentence (no inline datum, not a key address, underpaid, an overpayment too small to return, tokens). One overpaid by too little to return, or carrying any token, is refused by an add: its registrant can unregister it. */
                            reason?: string;
                            /** @description What the output holds. Lovelace, as a decimal string. */
                            paidFeesLovelace: string;
                        }[];
                        /** @description This page's number, from 1. */
                        page: number;
                        /** @description The page size. */
                        limit: number;
                        /** @description Pass it back as the query's `cursor` for the next page; null on the last page. */
                        cursor: string | null;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "query.valid must be boolean.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "No tournament abababababababababababababababababababababababababababababababab under contract \"cardano-tx-service/tournament\" version \"3.0.0\": it does not exist, or it ended (settled, cancelled or refunded: its NFT burnt; GET /tournaments/abababababababababababababababababababababababababababababababab tells how).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The chain backend is unreachable or not configured, or the key store cannot serve the request right now (retry later). Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    addTournamentParticipants: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tournament ID: the NFT's asset name, blake2b-256 of the seed output reference (64 hex).
                 * @example 01b0162ab2624a35edc1385d7841135e96fd8e17eb68602ae4f7999cb5d8cee4
                 */
                tournamentId: string;
            };
            cookie?: never;
        };
        /** @description Registrations to add as participants. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "adminAddress": "addr_test1vpvhrjk42na78u6a7fcgq8dd936u47axvr66lgy3hye2xnqsythuf",
                 *       "registrations": [
                 *         {
                 *           "address": "addr_test1vpvzkgctm9pumxjgxq4e0zd0nrsnn3z68w3393er99fuststt0htt",
                 *           "outputRef": "aeb8f06c32c8546426f8ddea662b00e781298f54ad4695573c382e656be77249#0"
                 *         },
                 *         {
                 *           "address": "addr_test1vpvhrjk42na78u6a7fcgq8dd936u47axvr66lgy3hye2xnqsythuf",
                 *           "outputRef": "91bacfa6c5cce190931d26cb8765d243c53dfa8c8e7be79c92735ffca6784496#0"
                 *         }
                 *       ],
                 *       "utxos": [
                 *         "828258207379a0cfb3e0f8dca044cabf0935288416ffd933c1df4a10418c2f6b1ff2d0490182581d605971cad554fbe3f35df270801dad2c75cafba660f5afa091b932a34c1a16981b05"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description The tournament ID again, as clients of the hosted API send it; when present it must equal the path's. */
                    tournamentId?: string;
                    /** @description The tournament's admin address: only the admin adds participants, and signs. */
                    adminAddress: string;
                    /** @description Receives the change; defaults to adminAddress. */
                    changeAddress?: string;
                    /** @description The registrations to add, at most 40 per request (more would exceed the ledger's execution limits: a 400 asks to split them into several requests, each submitted before the next). Their addresses are appended in the ledger's input order (by output reference). */
                    registrations: {
                        /** @description The registrant's address, as the registration's datum names it. */
                        address: string;
                        /** @description The registration output, <tx hash>#<index>. */
                        outputRef: string;
                    }[];
                    /** @description The admin's UTxO strings: they pay the fee and what underpaid registrations lack; one must hold only ADA, 5 ADA or more, for collateral. When absent or empty ([] as the hosted API's examples send it), the UTxOs at adminAddress are read from the chain (as POST /transactions/build reads changeAddress's), on every network, leaving out any that carries a datum and a token (a CIP-68 reference token, say); a refusal about them names that address. A multi-account wallet should still send its own. */
                    utxos?: string[];
                    /** @description Selects a contract deployment by title; the default deployment's (cardano-tx-service/tournament) when absent. Unknown: 404. */
                    contractTitle?: string;
                    /** @description Selects a contract deployment by version; the default, "3.0.0" (contracts v3), when absent. "2.1.0" selects contracts v2.1, whose tournaments stay readable, settleable and refundable: a request on one of them names it. Unknown: 404. */
                    contractVersion?: string;
                };
            };
        };
        responses: {
            /** @description The add-participants transaction, the seats taken and left after it, and the registrations of the request it leaves out. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "complete": "84aa00848258203c7bcfe991681e6c465145d3a0ddbd445350735522d7c5cc9ccb577e59c950f6008258207379a0cfb3e0f8dca044cabf0935288416ffd933c1df4a10418c2f6b1ff2d0490182582091bacfa6c5cce190931d26cb8765d243c53dfa8c8e7be79c92735ffca678449600825820aeb8f06c32c8546426f8ddea662b00e781298f54ad4695573c382e656be77249000182a300581d705ce36d2aa7a3909933bac98752a66f8cff0674a5915408e92f0a1d1801821a012c9920a1581c5ce36d2aa7a3909933bac98752a66f8cff0674a5915408e92f0a1d18a1582001b0162ab2624a35edc1385d7841135e96fd8e17eb68602ae4f7999cb5d8cee401028201d81858c39f9f4a46726964617920637570d8799fd8799f581c5971cad554fbe3f35df270801dad2c75cafba660f5afa091b932a34cffd87a80ff021a004c4b409f1a00e4e1c0ff9f9fd8799fd8799f581c5971cad554fbe3f35df270801dad2c75cafba660f5afa091b932a34cffd87a80ff1a001e8480ffff581cb17e8d4c32bc8514462c90d3dc8c34e860aa8d07636dbdc3aabe48551b000001a2b8081090ff029f5820843a694ccbc11e21f0e1d23e4818a42c655893cf7d4776aa9485155d2afd77aaffff82581d605971cad554fbe3f35df270801dad2c75cafba660f5afa091b932a34c1a1690e2e1021a0007382403191c230b5820c1e1c5611c354f6fbcd2c9891ddcdceb5cb74765b960f4d9288a436852d424620d818258207379a0cfb3e0f8dca044cabf0935288416ffd933c1df4a10418c2f6b1ff2d049010e81581c5971cad554fbe3f35df270801dad2c75cafba660f5afa091b932a34c1082581d605971cad554fbe3f35df270801dad2c75cafba660f5afa091b932a34c1a164bcfc5111a004c4b4012818258203c1fa9ab1b71785de87b54a48e966fbd19eea740c4ec72f582a0bd4e80d1073300a20583840000d87a9fd87980ff821a000c29c91a10c2a76c840002d87a808219a7261a01063191840003d87a808219a7261a0106319106d90102815904a159049e010000222323232323232533357346a666ae68cdc39aab9d375401090000991919191911a999ab9a0021232533357340022002266ae7124103543536000013232323233300100100223375e002008444a666aae7c0085280a999ab9a30013574200429444ccc00c00cd5d10010009bac357426ae88d5d11aba2357446ae88d5d11aba2357446aae78dd50079ba9001375c6ae84d55cf1baa0011232533357340022002266ae71241035435370000153335734a666666ae900404c94ccd5cd19b8735573a00290000992999aab9f00114a02a666ae68c02cd5d08008992999aab9f00114a02a666ae68c94cccccd5d200089919192999ab9a3370e00490000a999aab9f00114a02a666aae7cd5d10008992999999aba400113232325333573466e1c0092000133301301423335573e002945280008a999ab9a3370e004900109998099199999aba40014a0941282514a0660264666666ae90005282504a094528198099199999aba40014a0941282514a04666aae7c00528a5000114a06aae78008d55ce8009baa00114a029405280a5035742002294054ccd5cd19b87002480084ccd55cf800a514a02940d55cf0011aab9d001375400229405280a5014a06ae8400454ccd55cf9aba200114a229405281aba200114a06aae780045281baa01014a029405280a50135333573400624646a666ae68cdc39aab9d3754002900109251123235333573466e1cd55ce9baa00148000492889250001357426aae78dd50008009aba13574400e2494001452800219b8700148000d55ce9baa001357420026aae78004dd5004899191911919192999ab9a32533357340022002266ae7124103543538000015333573466ebcc8d5d09aab9e37540026ae8400530122d87a9f581c5ce36d2aa7a3909933bac98752a66f8cff0674a5915408e92f0a1d18ff0013370e646466600200244a666aae7c0045200015333573466ebcd55ce9aba10014c122582001b0162ab2624a35edc1385d7841135e96fd8e17eb68602ae4f7999cb5d8cee4001375a6aae78d5d08008998010011aba200100222253335573e002290000a999ab9a3375e6aae74d5d0800a611e581c5ce36d2aa7a3909933bac98752a66f8cff0674a5915408e92f0a1d180013300200237566aae78d5d080089998018018011aba200137566ae84d5d1000a400429404c94ccd5cd0008800899ab9c4901035435390000132333573400294128991919800800801112999aab9f00114a02a666ae68cdd79aab9d3574200298011e581c5ce36d2aa7a3909933bac98752a66f8cff0674a5915408e92f0a1d180014a22660040046ae88004dd59aba1357446ae880145281aab9e00137540026ae84dd61aba1002357440026ae88d55cf0009baa0060081498588894ccd55cf8008a5015333573460066ae840044c008d5d10008a502533333357480022646464a666ae68cdc3801240002a666aae7c0045280a999aab9f357440022600c6ae840045280a999ab9a3370e00490010a999aab9f00114a02a666aae7cd5d1000898029aba100114a02940d55cf0011aab9d001375400229405280a5014a0a004a00224a666666ae900045280a5014a0294054ccd5cd19b87371a6eb8005203814a22940d5d09aab9e3754003f5f6",
                     *       "hash": "9e6dfd3a64f97704e58fd7f437e1d9e764af6d38ea83f95d0d56c63ef741ca17",
                     *       "fee": "473124",
                     *       "participantCount": 2,
                     *       "seatsLeft": 0
                     *     }
                     */
                    "application/json": {
                        /** @description The whole unsigned transaction: sign it and submit it with POST /tournaments/submit-tx. */
                        complete: string;
                        /** @description The transaction id (the body hash). */
                        hash: string;
                        /** @description Our addition: the fee the transaction pays. Lovelace, as a decimal string. */
                        fee: string;
                        /** @description How many participants the tournament has once this transaction is on chain. */
                        participantCount: number;
                        /** @description How many seats are still free then (bracketSize − participantCount); 0: the bracket is full and can be settled. */
                        seatsLeft: number;
                        /** @description Our addition, present only when some registration of the request is left out: an address takes one seat, so a registration of a participant, or of an address another registration of the request registers first (in the ledger's order, by output reference), is skipped (it stays at the registration address; its registrant can unregister it). The registrations listing marks them valid false. */
                        skipped?: {
                            /** @description The registration left out, <tx hash>#<index>. */
                            outputRef: string;
                            /** @description Its registrant's address. */
                            address: string;
                            /** @description Why, a sentence. */
                            reason: string;
                        }[];
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "body.adminAddress is required.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "No tournament abababababababababababababababababababababababababababababababab under contract \"cardano-tx-service/tournament\" version \"3.0.0\": it does not exist, or it ended (settled, cancelled or refunded: its NFT burnt; GET /tournaments/abababababababababababababababababababababababababababababababab tells how).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Well-formed input that the ledger or a contract rule refuses; the message says why. Codes: `SVC_ERR_UNPROCESSABLE`, `CHAIN_ERR_LEDGER_REJECTED`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 422,
                     *       "error": "Unprocessable Entity",
                     *       "code": "SVC_ERR_UNPROCESSABLE",
                     *       "message": "A tournament script refuses this transaction: Script evaluation failed: Error evaluated\nat :1:0 - 1:0\nspent budget: { mem: 0.073055, cpu: 24.434286 }\nlogs: seed not consumed (T01) Script logs: seed not consumed (T01)",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The chain backend is unreachable or not configured, or the key store cannot serve the request right now (retry later). Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    settleTournament: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tournament ID: the NFT's asset name, blake2b-256 of the seed output reference (64 hex).
                 * @example 01b0162ab2624a35edc1385d7841135e96fd8e17eb68602ae4f7999cb5d8cee4
                 */
                tournamentId: string;
            };
            cookie?: never;
        };
        /** @description The results of a tournament. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "adminAddress": "addr_test1vpvhrjk42na78u6a7fcgq8dd936u47axvr66lgy3hye2xnqsythuf",
                 *       "results": [
                 *         "addr_test1vpvzkgctm9pumxjgxq4e0zd0nrsnn3z68w3393er99fuststt0htt"
                 *       ],
                 *       "utxos": [
                 *         "828258209e6dfd3a64f97704e58fd7f437e1d9e764af6d38ea83f95d0d56c63ef741ca170182581d605971cad554fbe3f35df270801dad2c75cafba660f5afa091b932a34c1a1690e2e1"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description The tournament ID again, as clients of the hosted API send it; when present it must equal the path's. */
                    tournamentId?: string;
                    /** @description The tournament's admin address: only the admin settles, and signs. */
                    adminAddress: string;
                    /** @description Receives the change and what is left of the prize pool; defaults to adminAddress. */
                    changeAddress?: string;
                    /** @description Participants in placement order (1st first), no duplicates, at least as many as payoutStructure; the first payoutStructure.length are paid. */
                    results: string[];
                    /** @description The admin's UTxO strings: they pay the fee; one must hold only ADA, 5 ADA or more, for collateral. When absent or empty ([] as the hosted API's examples send it), the UTxOs at adminAddress are read from the chain (as POST /transactions/build reads changeAddress's), on every network, leaving out any that carries a datum and a token (a CIP-68 reference token, say); a refusal about them names that address. A multi-account wallet should still send its own. */
                    utxos?: string[];
                    /** @description Selects a contract deployment by title; the default deployment's (cardano-tx-service/tournament) when absent. Unknown: 404. */
                    contractTitle?: string;
                    /** @description Selects a contract deployment by version; the default, "3.0.0" (contracts v3), when absent. "2.1.0" selects contracts v2.1, whose tournaments stay readable, settleable and refundable: a request on one of them names it. Unknown: 404. */
                    contractVersion?: string;
                };
            };
        };
        responses: {
            /** @description An unsigned transaction. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "complete": "84ab00818258209e6dfd3a64f97704e58fd7f437e1d9e764af6d38ea83f95d0d56c63ef741ca17000183a300581d60582b230bd943cd9a48302b9789af98e139c45a3ba312c7232953c82e011a00e4e1c0028201d81858259f582001b0162ab2624a35edc1385d7841135e96fd8e17eb68602ae4f7999cb5d8cee400ffa300581d605971cad554fbe3f35df270801dad2c75cafba660f5afa091b932a34c011a001e8480028201d81858259f582001b0162ab2624a35edc1385d7841135e96fd8e17eb68602ae4f7999cb5d8cee401ff82581d605971cad554fbe3f35df270801dad2c75cafba660f5afa091b932a34c1a0022e234021a000650ac03191c2409a1581c5ce36d2aa7a3909933bac98752a66f8cff0674a5915408e92f0a1d18a1582001b0162ab2624a35edc1385d7841135e96fd8e17eb68602ae4f7999cb5d8cee4200b5820bb952cad1f0d8a2070809ef53d782cd765c8ac20cc5bc0567f14481c3bcd47310d818258209e6dfd3a64f97704e58fd7f437e1d9e764af6d38ea83f95d0d56c63ef741ca17010e81581c5971cad554fbe3f35df270801dad2c75cafba660f5afa091b932a34c1082581d605971cad554fbe3f35df270801dad2c75cafba660f5afa091b932a34c1a164497a1111a004c4b4012818258203c1fa9ab1b71785de87b54a48e966fbd19eea740c4ec72f582a0bd4e80d1073300a10582840000d87a9fd87a9f9f01ff9f00582039695a8b20ba3f401e262f119477a2f9c4e8fb6524a73e28b839aa1026661da058200eb923b0cbd24df54401d998531feead35a47a99f4deed205de4af81120f9761582085c09af929492a871e4fae32d9d5c36e352471cd659bcdb61de08f1722acc3b15820b22df1a126b5ba4e33c16fd6157507610e55ffce20dae7ac44cae168a463612a5820209155a276ca3c2417e3876971dd587dd64ed9fcb8ef1fd6e7589ef4255c967f58206f7889ddd723ce6131ff105f416726118e1cf771b81265253b5c59aa6f87c24c58206659a5716acbaaa36b9f81157f9687e0ce9e9851218164900443de7287f85fad58200f6e4e768a8fecbfd286712ca7c4de283082448cccbb71db1d47e93f5327677e582066c4270c625b9e96b934b3f56d9301c44c823d08b342b2cd95ee24519397c14a58203da3596117e16ffe6091c17736590ac20a3ca9dcfcd24ea5eece12d51206f38effffff821a000a92c31a0d031859840100d8799fd87a80ff8219df5a1a00f6f82df5f6",
                     *       "hash": "1a1cdfd58afddfbadcff3e1519b0bfa7df97d8342715070b164828cc61de1be4",
                     *       "fee": "413868"
                     *     }
                     */
                    "application/json": {
                        /** @description The whole unsigned transaction: sign it and submit it with POST /tournaments/submit-tx. */
                        complete: string;
                        /** @description The transaction id (the body hash). */
                        hash: string;
                        /** @description Our addition: the fee the transaction pays. Lovelace, as a decimal string. */
                        fee: string;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "body.adminAddress is required.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "No tournament abababababababababababababababababababababababababababababababab under contract \"cardano-tx-service/tournament\" version \"3.0.0\": it does not exist, or it ended (settled, cancelled or refunded: its NFT burnt; GET /tournaments/abababababababababababababababababababababababababababababababab tells how).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Well-formed input that the ledger or a contract rule refuses; the message says why. Codes: `SVC_ERR_UNPROCESSABLE`, `CHAIN_ERR_LEDGER_REJECTED`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 422,
                     *       "error": "Unprocessable Entity",
                     *       "code": "SVC_ERR_UNPROCESSABLE",
                     *       "message": "A tournament script refuses this transaction: Script evaluation failed: Error evaluated\nat :1:0 - 1:0\nspent budget: { mem: 0.073055, cpu: 24.434286 }\nlogs: seed not consumed (T01) Script logs: seed not consumed (T01)",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The chain backend is unreachable or not configured, or the key store cannot serve the request right now (retry later). Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    cancelTournament: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tournament ID: the NFT's asset name, blake2b-256 of the seed output reference (64 hex).
                 * @example 01b0162ab2624a35edc1385d7841135e96fd8e17eb68602ae4f7999cb5d8cee4
                 */
                tournamentId: string;
            };
            cookie?: never;
        };
        /** @description The admin's cancellation of a tournament. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "adminAddress": "addr_test1vpvhrjk42na78u6a7fcgq8dd936u47axvr66lgy3hye2xnqsythuf",
                 *       "utxos": [
                 *         "828258203c7bcfe991681e6c465145d3a0ddbd445350735522d7c5cc9ccb577e59c950f60182581d605971cad554fbe3f35df270801dad2c75cafba660f5afa091b932a34c1a173d71d7"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description The tournament ID again, as clients of the hosted API send it; when present it must equal the path's. */
                    tournamentId?: string;
                    /** @description The tournament's admin address: only the admin cancels, and signs. */
                    adminAddress: string;
                    /** @description Receives the change; defaults to adminAddress. (The admin's share of the tournament output goes to adminAddress, as the contract requires.) */
                    changeAddress?: string;
                    /** @description The admin's UTxO strings: they pay the fee; one must hold only ADA, 5 ADA or more, for collateral. When absent or empty ([] as the hosted API's examples send it), the UTxOs at adminAddress are read from the chain (as POST /transactions/build reads changeAddress's), on every network, leaving out any that carries a datum and a token (a CIP-68 reference token, say); a refusal about them names that address. A multi-account wallet should still send its own. */
                    utxos?: string[];
                    /** @description v3 only, after the close: the batch this call pays (0 is seats 0..63, 1 seats 64..127, …, 15 the last of a full bracket of 1,024), so that several callers can pay different batches at once; absent: the lowest unpaid. Refused with 400 before the close, when that batch is paid already, or under 2.1.0 (no batches). */
                    batch?: number;
                    /** @description Selects a contract deployment by title; the default deployment's (cardano-tx-service/tournament) when absent. Unknown: 404. */
                    contractTitle?: string;
                    /** @description Selects a contract deployment by version; the default, "3.0.0" (contracts v3), when absent. "2.1.0" selects contracts v2.1, whose tournaments stay readable, settleable and refundable: a request on one of them names it. Unknown: 404. */
                    contractVersion?: string;
                };
            };
        };
        responses: {
            /** @description One transaction of a cancel or refund, and how many batch transactions remain after it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "complete": "84aa00828258203c7bcfe991681e6c465145d3a0ddbd445350735522d7c5cc9ccb577e59c950f6008258203c7bcfe991681e6c465145d3a0ddbd445350735522d7c5cc9ccb577e59c950f6010182a300581d605971cad554fbe3f35df270801dad2c75cafba660f5afa091b932a34c011a009402a0028201d81858259f582001b0162ab2624a35edc1385d7841135e96fd8e17eb68602ae4f7999cb5d8cee400ff82581d605971cad554fbe3f35df270801dad2c75cafba660f5afa091b932a34c1a17378c1e021a0005e5b909a1581c5ce36d2aa7a3909933bac98752a66f8cff0674a5915408e92f0a1d18a1582001b0162ab2624a35edc1385d7841135e96fd8e17eb68602ae4f7999cb5d8cee4200b5820a35a5053de2514f60469e2ffe8e71c31ac41e5fdaf0ebc70b96eb7a7a363c3b10d818258203c7bcfe991681e6c465145d3a0ddbd445350735522d7c5cc9ccb577e59c950f6010e81581c5971cad554fbe3f35df270801dad2c75cafba660f5afa091b932a34c1082581d605971cad554fbe3f35df270801dad2c75cafba660f5afa091b932a34c1a16f12697111a004c4b4012818258203c1fa9ab1b71785de87b54a48e966fbd19eea740c4ec72f582a0bd4e80d1073300a10582840000d87a9fd87b9f80ffff821a000891e11a0b0bc491840100d8799fd87a80ff8219df5a1a00f6f82df5f6",
                     *       "hash": "d7bb9cca220868c73135172fa136da78cc6840b2039418dc6ef29cf84b72d419",
                     *       "fee": "386489",
                     *       "step": "close",
                     *       "batchesRemaining": 0
                     *     }
                     */
                    "application/json": {
                        /** @description The whole unsigned transaction: sign it and submit it with POST /tournaments/submit-tx. */
                        complete: string;
                        /** @description The transaction id (the body hash). */
                        hash: string;
                        /** @description Our addition: the fee the transaction pays. Lovelace, as a decimal string. */
                        fee: string;
                        /** @description close: the transaction that ends the tournament (burns the NFT); batch: one that pays a batch of up to 64 seats of a v3 tournament whose close split its refunds into batch UTxOs (more than 64 participants). */
                        step: "close" | "batch";
                        /** @description Only for step batch: the batch this transaction pays (seats 64 × batch onwards). */
                        batch?: number;
                        /** @description Batches still unpaid once this transaction is on chain: call again (cancel or refund, anyone) until 0. Always 0 under 2.1.0 and for a close that pays its seats itself. */
                        batchesRemaining: number;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "body.adminAddress is required.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "No tournament abababababababababababababababababababababababababababababababab under contract \"cardano-tx-service/tournament\" version \"3.0.0\": it does not exist, or it ended (settled, cancelled or refunded: its NFT burnt; GET /tournaments/abababababababababababababababababababababababababababababababab tells how).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Well-formed input that the ledger or a contract rule refuses; the message says why. Codes: `SVC_ERR_UNPROCESSABLE`, `CHAIN_ERR_LEDGER_REJECTED`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 422,
                     *       "error": "Unprocessable Entity",
                     *       "code": "SVC_ERR_UNPROCESSABLE",
                     *       "message": "A tournament script refuses this transaction: Script evaluation failed: Error evaluated\nat :1:0 - 1:0\nspent budget: { mem: 0.073055, cpu: 24.434286 }\nlogs: seed not consumed (T01) Script logs: seed not consumed (T01)",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The chain backend is unreachable or not configured, or the key store cannot serve the request right now (retry later). Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    refundTournament: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tournament ID: the NFT's asset name, blake2b-256 of the seed output reference (64 hex).
                 * @example 01b0162ab2624a35edc1385d7841135e96fd8e17eb68602ae4f7999cb5d8cee4
                 */
                tournamentId: string;
            };
            cookie?: never;
        };
        /** @description A refund of a tournament whose settlement deadline has passed. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "utxos": [
                 *         "828258201a1cdfd58afddfbadcff3e1519b0bfa7df97d8342715070b164828cc61de1be400a300581d60582b230bd943cd9a48302b9789af98e139c45a3ba312c7232953c82e011a00e4e1c0028201d81858259f582001b0162ab2624a35edc1385d7841135e96fd8e17eb68602ae4f7999cb5d8cee400ff",
                 *         "828258208aab9e123e85223f65134cdae67b62854ad132562ff8e8bd036c9a14622e16a70182581d60582b230bd943cd9a48302b9789af98e139c45a3ba312c7232953c82e1a0b4e0d56",
                 *         "8282582092c459d69fc14f93c393822877d09f62f2867977d1ce9cbc1ab949fe655571cf0082581d60582b230bd943cd9a48302b9789af98e139c45a3ba312c7232953c82e1a004c4b40"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description The tournament ID again, as clients of the hosted API send it; when present it must equal the path's. */
                    tournamentId?: string;
                    /** @description The caller's address (anyone may refund): it receives the change unless changeAddress is given. Defaults to the address of the first key-locked UTxO of utxos. */
                    address?: string;
                    /** @description Receives the change; defaults to address. */
                    changeAddress?: string;
                    /** @description The caller's UTxO strings: they pay the fee; one must hold only ADA, 5 ADA or more, for collateral. When absent or empty ([] as the hosted API's examples send it), the UTxOs at address (else changeAddress; one of them is then needed) are read from the chain (as POST /transactions/build reads changeAddress's), on every network, leaving out any that carries a datum and a token (a CIP-68 reference token, say); a refusal about them names that address. A multi-account wallet should still send its own. */
                    utxos?: string[];
                    /** @description v3 only, after the close: the batch this call pays (0 is seats 0..63, 1 seats 64..127, …, 15 the last of a full bracket of 1,024), so that several callers can pay different batches at once; absent: the lowest unpaid. Refused with 400 before the close, when that batch is paid already, or under 2.1.0 (no batches). */
                    batch?: number;
                    /** @description Selects a contract deployment by title; the default deployment's (cardano-tx-service/tournament) when absent. Unknown: 404. */
                    contractTitle?: string;
                    /** @description Selects a contract deployment by version; the default, "3.0.0" (contracts v3), when absent. "2.1.0" selects contracts v2.1, whose tournaments stay readable, settleable and refundable: a request on one of them names it. Unknown: 404. */
                    contractVersion?: string;
                };
            };
        };
        responses: {
            /** @description One transaction of a cancel or refund, and how many batch transactions remain after it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "complete": "84aa008282582084ea37262f49eaea7f2177bf1ca647c0bc9fd792c730a34308a456bd26d34023008258208aab9e123e85223f65134cdae67b62854ad132562ff8e8bd036c9a14622e16a7010184a300581d60582b230bd943cd9a48302b9789af98e139c45a3ba312c7232953c82e011a0081b320028201d81858259f58209a571a75b7f514e68e1cd7b264ff7f5a60f0a24ac8f564e1b02545b578c7ca0400ffa300581d605971cad554fbe3f35df270801dad2c75cafba660f5afa091b932a34c011a0081b320028201d81858259f58209a571a75b7f514e68e1cd7b264ff7f5a60f0a24ac8f564e1b02545b578c7ca0401ffa300581d605971cad554fbe3f35df270801dad2c75cafba660f5afa091b932a34c011a002932e0028201d81858259f58209a571a75b7f514e68e1cd7b264ff7f5a60f0a24ac8f564e1b02545b578c7ca0402ff82581d60582b230bd943cd9a48302b9789af98e139c45a3ba312c7232953c82e1a0b479104021a00067c52081a00278d0509a1581c5ce36d2aa7a3909933bac98752a66f8cff0674a5915408e92f0a1d18a158209a571a75b7f514e68e1cd7b264ff7f5a60f0a24ac8f564e1b02545b578c7ca04200b582059e7e56641d2b47e4778fdf61f05f026f201831abb62d6371964a8140a5d79850d818258208aab9e123e85223f65134cdae67b62854ad132562ff8e8bd036c9a14622e16a7011082581d60582b230bd943cd9a48302b9789af98e139c45a3ba312c7232953c82e1a0b01c216111a004c4b4012818258203c1fa9ab1b71785de87b54a48e966fbd19eea740c4ec72f582a0bd4e80d1073300a10582840000d87a9fd87c9f80ffff821a000e87d91a1330c895840100d8799fd87a80ff8219df5a1a00f6f82df5f6",
                     *       "hash": "6f5ab71153e37322022b4f4bb5a145240598430a71629d62b0ac5fe9bc704111",
                     *       "fee": "425042",
                     *       "step": "close",
                     *       "batchesRemaining": 0
                     *     }
                     */
                    "application/json": {
                        /** @description The whole unsigned transaction: sign it and submit it with POST /tournaments/submit-tx. */
                        complete: string;
                        /** @description The transaction id (the body hash). */
                        hash: string;
                        /** @description Our addition: the fee the transaction pays. Lovelace, as a decimal string. */
                        fee: string;
                        /** @description close: the transaction that ends the tournament (burns the NFT); batch: one that pays a batch of up to 64 seats of a v3 tournament whose close split its refunds into batch UTxOs (more than 64 participants). */
                        step: "close" | "batch";
                        /** @description Only for step batch: the batch this transaction pays (seats 64 × batch onwards). */
                        batch?: number;
                        /** @description Batches still unpaid once this transaction is on chain: call again (cancel or refund, anyone) until 0. Always 0 under 2.1.0 and for a close that pays its seats itself. */
                        batchesRemaining: number;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_BAD_REQUEST",
                     *       "message": "Tournament 01b0162ab2624a35edc1385d7841135e96fd8e17eb68602ae4f7999cb5d8cee4 can be refunded only after its settlement deadline, settleBy 1798383866000 (2026-12-27T15:04:26.000Z): from 2026-12-27T15:04:27.000Z on; the chain's time is 2026-11-27T15:04:28.000Z. Before it, only the admin can end it (POST /tournaments/01b0162ab2624a35edc1385d7841135e96fd8e17eb68602ae4f7999cb5d8cee4/cancel).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "No tournament abababababababababababababababababababababababababababababababab under contract \"cardano-tx-service/tournament\" version \"3.0.0\": it does not exist, or it ended (settled, cancelled or refunded: its NFT burnt; GET /tournaments/abababababababababababababababababababababababababababababababab tells how).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Well-formed input that the ledger or a contract rule refuses; the message says why. Codes: `SVC_ERR_UNPROCESSABLE`, `CHAIN_ERR_LEDGER_REJECTED`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 422,
                     *       "error": "Unprocessable Entity",
                     *       "code": "SVC_ERR_UNPROCESSABLE",
                     *       "message": "A tournament script refuses this transaction: Script evaluation failed: Error evaluated\nat :1:0 - 1:0\nspent budget: { mem: 0.073055, cpu: 24.434286 }\nlogs: seed not consumed (T01) Script logs: seed not consumed (T01)",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The chain backend is unreachable or not configured, or the key store cannot serve the request right now (retry later). Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listBlueprints: {
        parameters: {
            query?: {
                /** @description Only blueprints whose preamble title is exactly this. */
                title?: string;
                /** @description Only blueprints whose preamble version is exactly this. */
                version?: string;
                /** @description Only blueprints that hold a validator of this hash. 56 hex digits. */
                hash?: string;
                /**
                 * @description Blueprints per page, 1 to 100; 20 when absent.
                 * @example 20
                 */
                limit?: number;
                /** @description The `cursor` of the previous page's answer, as it is; the first page when absent. */
                cursor?: string;
                /** @description Same as cursor (the hosted API's name for it). */
                pageState?: string;
                /** @description `blueprint`: each result carries its blueprint JSON as stored. Absent: the results describe the blueprints without their JSON. */
                include?: "blueprint";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of your blueprints. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Your blueprints that match the filters, oldest first. */
                        results: {
                            /** @description The blueprint's ID, for DELETE /blueprints/{id}. */
                            id: string;
                            /** @description The preamble's title. */
                            title: string;
                            /** @description The preamble's version; empty when it has none. */
                            version: string;
                            /** @description Its validators, in the blueprint's order (Aiken lists a validator per purpose, and `else`, with the same hash). */
                            validators: {
                                /** @description The validator's title in the blueprint (Aiken: module.validator.purpose). */
                                title: string;
                                /** @description The validator's script hash (policy ID of what it mints). */
                                hash: string;
                                /** @description The purposes the title names (Aiken ≥ 1.1 ends titles with one; `else` handlers and older titles name none). */
                                purposes: ("spend" | "mint" | "withdraw" | "publish" | "vote" | "propose")[];
                                /** @description The Plutus language version of its script. */
                                plutusVersion: "V1" | "V2" | "V3";
                                /** @description How many parameters must be applied (POST /blueprints/apply-params) before the validator can be used; 0 when it is ready. */
                                parameters: number;
                            }[];
                            /** @description The address of each validator hash on this instance's network, bech32 (addr_test1w… on the testnets): where to lock funds, or to deploy the validator as a reference script. GET /validators/{hash}/address gives the hex form and addresses with a stake part. */
                            scriptAddresses: {
                                [key: string]: string;
                            };
                            /** @description Where validators are deployed as reference scripts, by validator hash. */
                            refs: {
                                [key: string]: {
                                    /** @description The transaction that holds the reference script. */
                                    txHash: string;
                                    /** @description The output's index in that transaction. */
                                    index: number;
                                };
                            };
                            /** @description When the blueprint was first stored, Unix milliseconds. */
                            createdAt: number;
                            /** @description When it was last stored or its refs changed, Unix milliseconds. */
                            updatedAt: number;
                            /** @description The blueprint JSON, as stored; only with include=blueprint. */
                            blueprint?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @description Pass it back as the query's `cursor` for the next page; null on the last page. */
                        cursor: string | null;
                        /** @description The same as cursor, under the hosted API's name; absent on the last page. */
                        pageState?: string;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "query.limit must be >= 1.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    upsertBlueprint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A blueprint to store, and where its validators are deployed. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "blueprint": {
                 *         "preamble": {
                 *           "title": "anvil-api-examples/hello-world",
                 *           "description": "Aiken contracts for project 'anvil-api-examples/hello-world'",
                 *           "version": "0.0.0",
                 *           "plutusVersion": "v3",
                 *           "compiler": {
                 *             "name": "Aiken",
                 *             "version": "v1.1.10+b25afa2"
                 *           },
                 *           "license": "Apache-2.0"
                 *         },
                 *         "validators": [
                 *           {
                 *             "title": "hello_world.hello_world.spend",
                 *             "datum": {
                 *               "title": "datum",
                 *               "schema": {
                 *                 "title": "Datum",
                 *                 "anyOf": [
                 *                   {
                 *                     "title": "Datum",
                 *                     "dataType": "constructor",
                 *                     "index": 0,
                 *                     "fields": [
                 *                       {
                 *                         "title": "owner",
                 *                         "dataType": "bytes"
                 *                       }
                 *                     ]
                 *                   }
                 *                 ]
                 *               }
                 *             },
                 *             "redeemer": {
                 *               "title": "redeemer",
                 *               "schema": {
                 *                 "title": "Redeemer",
                 *                 "anyOf": [
                 *                   {
                 *                     "title": "Redeemer",
                 *                     "dataType": "constructor",
                 *                     "index": 0,
                 *                     "fields": [
                 *                       {
                 *                         "dataType": "bytes",
                 *                         "title": "msg"
                 *                       }
                 *                     ]
                 *                   }
                 *                 ]
                 *               }
                 *             },
                 *             "compiledCode": "59010401010029800aba2aba1aab9faab9eaab9dab9a48888896600264646644b30013370e900118031baa00189919912cc004cdc3a400060126ea801626464b3001300f0028acc004cdc3a400060166ea800e2b30013371e6eb8c038c030dd5003a450b48656c6c6f20576f726c6400899199119801001000912cc00400629422b30013371e6eb8c04400400e2946266004004602400280690101bac300f30103010301030103010301030103010300d3754601e0146eb8c038c030dd5180718061baa0038a5040291640291640346eb8c034004c028dd5002c5900818050009805180580098039baa0018b200a30070013007300800130070013003375400f149a26cac80081",
                 *             "hash": "60b2028485e1f6194876973e7f1a4781ce616d830da416bab7c98570"
                 *           },
                 *           {
                 *             "title": "hello_world.hello_world.else",
                 *             "redeemer": {
                 *               "schema": {}
                 *             },
                 *             "compiledCode": "59010401010029800aba2aba1aab9faab9eaab9dab9a48888896600264646644b30013370e900118031baa00189919912cc004cdc3a400060126ea801626464b3001300f0028acc004cdc3a400060166ea800e2b30013371e6eb8c038c030dd5003a450b48656c6c6f20576f726c6400899199119801001000912cc00400629422b30013371e6eb8c04400400e2946266004004602400280690101bac300f30103010301030103010301030103010300d3754601e0146eb8c038c030dd5180718061baa0038a5040291640291640346eb8c034004c028dd5002c5900818050009805180580098039baa0018b200a30070013007300800130070013003375400f149a26cac80081",
                 *             "hash": "60b2028485e1f6194876973e7f1a4781ce616d830da416bab7c98570"
                 *           }
                 *         ]
                 *       },
                 *       "refs": {
                 *         "60b2028485e1f6194876973e7f1a4781ce616d830da416bab7c98570": {
                 *           "txHash": "80d231e6a5a5882a7e92dfc418eb91f7f82704d5c75bd55a38776057e1b401d6",
                 *           "index": 0
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description A CIP-57 blueprint (the plutus.json of an Aiken build): preamble, validators (each with compiledCode and hash), definitions. Plutus V1, V2 and V3. Every hash must be the script hash of its compiledCode. Stored as given. */
                    blueprint: {
                        [key: string]: unknown;
                    };
                    /** @description Where validators of this blueprint are deployed as reference scripts, by validator hash (each key a hash of this blueprint). Merged into what is recorded: a hash not named keeps its ref. Builds that spend or mint with the validator then use the reference script instead of attaching the script. */
                    refs?: {
                        [key: string]: {
                            /** @description The transaction that holds the reference script: 64 hex digits. */
                            txHash: string;
                            /** @description The output's index in that transaction, from 0 (a number, or a string of digits as some clients send it). */
                            index: number | string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description The stored blueprint. A blueprint is identified by the set of its validators' hashes: storing one whose hashes are those of a blueprint you store updates that one (its JSON replaced, its refs merged), anything else is a new blueprint (title and version need not be unique). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f9c1d2e8a7b",
                     *       "title": "anvil-api-examples/hello-world",
                     *       "version": "0.0.0",
                     *       "validators": [
                     *         {
                     *           "title": "hello_world.hello_world.spend",
                     *           "hash": "60b2028485e1f6194876973e7f1a4781ce616d830da416bab7c98570",
                     *           "purposes": [
                     *             "spend"
                     *           ],
                     *           "plutusVersion": "V3",
                     *           "parameters": 0
                     *         },
                     *         {
                     *           "title": "hello_world.hello_world.else",
                     *           "hash": "60b2028485e1f6194876973e7f1a4781ce616d830da416bab7c98570",
                     *           "purposes": [],
                     *           "plutusVersion": "V3",
                     *           "parameters": 0
                     *         }
                     *       ],
                     *       "scriptAddresses": {
                     *         "60b2028485e1f6194876973e7f1a4781ce616d830da416bab7c98570": "addr_test1wpstyq5yshslvx2gw6tnulc6g7quuctdsvx6g946klyc2uq746297"
                     *       },
                     *       "refs": {
                     *         "60b2028485e1f6194876973e7f1a4781ce616d830da416bab7c98570": {
                     *           "txHash": "80d231e6a5a5882a7e92dfc418eb91f7f82704d5c75bd55a38776057e1b401d6",
                     *           "index": 0
                     *         }
                     *       },
                     *       "createdAt": 1767225600000,
                     *       "updatedAt": 1767225900000,
                     *       "created": false
                     *     }
                     */
                    "application/json": {
                        /** @description The blueprint's ID, for DELETE /blueprints/{id}. */
                        id: string;
                        /** @description The preamble's title. */
                        title: string;
                        /** @description The preamble's version; empty when it has none. */
                        version: string;
                        /** @description Its validators, in the blueprint's order (Aiken lists a validator per purpose, and `else`, with the same hash). */
                        validators: {
                            /** @description The validator's title in the blueprint (Aiken: module.validator.purpose). */
                            title: string;
                            /** @description The validator's script hash (policy ID of what it mints). */
                            hash: string;
                            /** @description The purposes the title names (Aiken ≥ 1.1 ends titles with one; `else` handlers and older titles name none). */
                            purposes: ("spend" | "mint" | "withdraw" | "publish" | "vote" | "propose")[];
                            /** @description The Plutus language version of its script. */
                            plutusVersion: "V1" | "V2" | "V3";
                            /** @description How many parameters must be applied (POST /blueprints/apply-params) before the validator can be used; 0 when it is ready. */
                            parameters: number;
                        }[];
                        /** @description The address of each validator hash on this instance's network, bech32 (addr_test1w… on the testnets): where to lock funds, or to deploy the validator as a reference script. GET /validators/{hash}/address gives the hex form and addresses with a stake part. */
                        scriptAddresses: {
                            [key: string]: string;
                        };
                        /** @description Where validators are deployed as reference scripts, by validator hash. */
                        refs: {
                            [key: string]: {
                                /** @description The transaction that holds the reference script. */
                                txHash: string;
                                /** @description The output's index in that transaction. */
                                index: number;
                            };
                        };
                        /** @description When the blueprint was first stored, Unix milliseconds. */
                        createdAt: number;
                        /** @description When it was last stored or its refs changed, Unix milliseconds. */
                        updatedAt: number;
                        /** @description True when this request stored a new blueprint; false when it updated one. */
                        created: boolean;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "body.blueprint is required.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteBlueprint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The blueprint's ID (12 hex digits), as POST and GET /blueprints answer it.
                 * @example 3f9c1d2e8a7b
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The blueprint is deleted, with its refs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f9c1d2e8a7b",
                     *       "deleted": true
                     *     }
                     */
                    "application/json": {
                        /** @description The ID of the blueprint deleted. */
                        id: string;
                        /**
                         * @description Always true.
                         * @enum {boolean}
                         */
                        deleted: true;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "params.id is invalid: The blueprint's ID (12 hex digits), as POST and GET /blueprints answer it.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "You have no blueprint with the ID 3f9c1d2e8a7b.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    applyBlueprintParams: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Parameters to apply to validators. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "params": {
                 *         "333158938654b6e69ce1349aeeadcff7fdc0c285f3102b8697a1e173": [
                 *           "48656c6c6f2c20416e76696c21"
                 *         ]
                 *       },
                 *       "blueprint": {
                 *         "title": "anvil-api-examples/hello-world",
                 *         "version": "0.0.0"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Parameter values by validator hash: the hash of the validator as the blueprint gives it, before any parameter is applied. */
                    params: {
                        [key: string]: unknown[];
                    };
                    /** @description The blueprint the validators are in: a CIP-57 blueprint (not stored), or {title, version?} naming one you store (the most recently stored of that title and version that holds the hashes). Absent: your stored blueprint that holds the hashes. */
                    blueprint?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The applied validators. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "preloadedScript": {
                     *         "type": "plutus",
                     *         "blueprint": {
                     *           "preamble": {
                     *             "title": "anvil-api-examples/hello-world",
                     *             "description": "Aiken contracts for project 'anvil-api-examples/hello-world'",
                     *             "version": "0.0.0",
                     *             "plutusVersion": "v3",
                     *             "compiler": {
                     *               "name": "Aiken",
                     *               "version": "v1.1.17+c3a7fba"
                     *             },
                     *             "license": "Apache-2.0"
                     *           },
                     *           "validators": [
                     *             {
                     *               "title": "hello_world.hello_world.spend",
                     *               "datum": {
                     *                 "title": "datum",
                     *                 "schema": {
                     *                   "title": "Datum",
                     *                   "anyOf": [
                     *                     {
                     *                       "title": "Datum",
                     *                       "dataType": "constructor",
                     *                       "index": 0,
                     *                       "fields": [
                     *                         {
                     *                           "title": "owner",
                     *                           "dataType": "bytes"
                     *                         }
                     *                       ]
                     *                     }
                     *                   ]
                     *                 }
                     *               },
                     *               "redeemer": {
                     *                 "title": "redeemer",
                     *                 "schema": {
                     *                   "title": "Redeemer",
                     *                   "anyOf": [
                     *                     {
                     *                       "title": "Redeemer",
                     *                       "dataType": "constructor",
                     *                       "index": 0,
                     *                       "fields": [
                     *                         {
                     *                           "dataType": "bytes",
                     *                           "title": "msg"
                     *                         }
                     *                       ]
                     *                     }
                     *                   ]
                     *                 }
                     *               },
                     *               "compiledCode": "59010e0101003229800aba2aba1aab9faab9eaab9dab9a9bae002488888896600264646644b30013370e900118039baa00189919912cc004cdc3a400060146ea801626464b300130100028acc004cdc3a400060186ea800e2b30013371e6eb8c03cc034dd500380544c8cc88cc008008004896600200314a115980099b8f375c602400200714a3133002002301300140388088dd618081808980898089808980898089808980898071baa301000a375c601e601a6ea8c03cc034dd5001c52820168b20168b201c375c601c00260166ea80162c8048c02c004c02cc030004c020dd5000c59006180400098041804800980400098021baa0088a4d1365640084c10e4d48656c6c6f2c20416e76696c210001",
                     *               "hash": "72c6923a040389fa08c728fe41f0bb9be1722867aec4067fcc751cef"
                     *             },
                     *             {
                     *               "title": "hello_world.hello_world.else",
                     *               "redeemer": {
                     *                 "schema": {}
                     *               },
                     *               "compiledCode": "59010e0101003229800aba2aba1aab9faab9eaab9dab9a9bae002488888896600264646644b30013370e900118039baa00189919912cc004cdc3a400060146ea801626464b300130100028acc004cdc3a400060186ea800e2b30013371e6eb8c03cc034dd500380544c8cc88cc008008004896600200314a115980099b8f375c602400200714a3133002002301300140388088dd618081808980898089808980898089808980898071baa301000a375c601e601a6ea8c03cc034dd5001c52820168b20168b201c375c601c00260166ea80162c8048c02c004c02cc030004c020dd5000c59006180400098041804800980400098021baa0088a4d1365640084c10e4d48656c6c6f2c20416e76696c210001",
                     *               "hash": "72c6923a040389fa08c728fe41f0bb9be1722867aec4067fcc751cef"
                     *             }
                     *           ]
                     *         }
                     *       },
                     *       "addresses": {
                     *         "72c6923a040389fa08c728fe41f0bb9be1722867aec4067fcc751cef": {
                     *           "bech32": "addr_test1wpevdy36qspcn7sgcu50us0shwd7zu3gv7hvgpnle363emcu0m8ar",
                     *           "hex": "7072c6923a040389fa08c728fe41f0bb9be1722867aec4067fcc751cef"
                     *         }
                     *       },
                     *       "hashes": {
                     *         "333158938654b6e69ce1349aeeadcff7fdc0c285f3102b8697a1e173": "72c6923a040389fa08c728fe41f0bb9be1722867aec4067fcc751cef"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description Pass it as it is in preloadedScripts[] of POST /transactions/build to spend or mint with the applied validators; POST its blueprint to /blueprints to use them by hash later (serialize, parse, builds without preloadedScripts). */
                        preloadedScript: {
                            /**
                             * @description A Plutus script given by its blueprint.
                             * @enum {string}
                             */
                            type: "plutus";
                            /** @description A CIP-57 blueprint whose validators are the applied ones: each with its new compiledCode and hash and without parameters, its datum and redeemer schemas kept, with the source's preamble and definitions. */
                            blueprint: {
                                [key: string]: unknown;
                            };
                        };
                        /** @description The address of each applied validator, by its new hash. */
                        addresses: {
                            [key: string]: {
                                /** @description The enterprise script address on this instance's network, bech32. */
                                bech32: string;
                                /** @description The same address, its bytes as hex (usable as an output address). */
                                hex: string;
                            };
                        };
                        /** @description Our addition: the new hash of each validator named in params, by the hash it had. */
                        hashes: {
                            [key: string]: string;
                        };
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "body.params is required.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "You have no blueprint titled \"anvil-api-examples/hello-world\": upload it with POST /blueprints first, or send the blueprint itself.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getValidatorAddress: {
        parameters: {
            query?: {
                /** @description A stake key hash (56 hex digits): the answer then has this key as its stake part (a base form, CIP-19 type 1). */
                stakeKeyHash?: string;
                /** @description A stake script hash (56 hex digits): the answer then has this script as its stake part (a base form, CIP-19 type 3). */
                stakeScriptHash?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The validator's script hash (for a minting policy, its policy ID): 56 hex digits.
                 * @example 60b2028485e1f6194876973e7f1a4781ce616d830da416bab7c98570
                 */
                hash: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The script's address on this instance's network. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "bech32": "addr_test1wpstyq5yshslvx2gw6tnulc6g7quuctdsvx6g946klyc2uq746297",
                     *       "hex": "7060b2028485e1f6194876973e7f1a4781ce616d830da416bab7c98570"
                     *     }
                     */
                    "application/json": {
                        /** @description The address in bech32 (addr_test1w… for an enterprise script address on the testnets, addr1w… on mainnet). */
                        bech32: string;
                        /** @description The address bytes, hex (70… for an enterprise script address on the testnets): usable as an output address in builds. */
                        hex: string;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "params.hash is invalid: The validator's script hash (for a minting policy, its policy ID): 56 hex digits.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    serializeValidatorData: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The validator's script hash (for a minting policy, its policy ID): 56 hex digits.
                 * @example 60b2028485e1f6194876973e7f1a4781ce616d830da416bab7c98570
                 */
                hash: string;
            };
            cookie?: never;
        };
        /** @description Data to serialize. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "datum",
                 *       "purpose": "spend",
                 *       "data": {
                 *         "owner": "30f4e824283240d2ca66f3e09b0b7adfc5d37816c072279b31f090a4"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Which of the validator's schemas the data follows. */
                    type: "datum" | "redeemer";
                    /** @description The purpose whose datum or redeemer it is (spend, mint, withdraw, publish, vote, propose). May be left out when only one purpose of the validator has that kind of schema. */
                    purpose?: "spend" | "mint" | "withdraw" | "publish" | "vote" | "propose";
                    /** @description The datum or redeemer as JSON by its schema: a constructor as an object of its fields (or {constructor, fields} where the schema has several), bytes as hex, integers as numbers or decimal strings, lists as arrays, maps as arrays of [key, value]. */
                    data: unknown;
                };
            };
        };
        responses: {
            /** @description The data as Plutus data. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "hex": "d8799f581c30f4e824283240d2ca66f3e09b0b7adfc5d37816c072279b31f090a4ff"
                     *     }
                     */
                    "application/json": {
                        /** @description The Plutus data, CBOR hex: an inline datum or a redeemer as the ledger takes it. */
                        hex: string;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "params.hash is invalid: The validator's script hash (for a minting policy, its policy ID): 56 hex digits.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "None of your blueprints holds the validator 60b2028485e1f6194876973e7f1a4781ce616d830da416bab7c98570: upload its blueprint with POST /blueprints first (with the API key you use here).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    parseValidatorData: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The validator's script hash (for a minting policy, its policy ID): 56 hex digits.
                 * @example 60b2028485e1f6194876973e7f1a4781ce616d830da416bab7c98570
                 */
                hash: string;
            };
            cookie?: never;
        };
        /** @description Data to parse. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "datum",
                 *       "purpose": "spend",
                 *       "data": {
                 *         "hex": "d8799f581c30f4e824283240d2ca66f3e09b0b7adfc5d37816c072279b31f090a4ff"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Which of the validator's schemas the data follows. */
                    type: "datum" | "redeemer";
                    /** @description The purpose whose datum or redeemer it is (spend, mint, withdraw, publish, vote, propose). May be left out when only one purpose of the validator has that kind of schema. */
                    purpose?: "spend" | "mint" | "withdraw" | "publish" | "vote" | "propose";
                    /** @description The Plutus data to read: {hex: <CBOR hex>}, or the hex itself. */
                    data: {
                        /** @description The Plutus data, CBOR hex. */
                        hex: string;
                    } | string;
                };
            };
        };
        responses: {
            /** @description The data as JSON by its schema (the form serialize takes): for the hello-world datum, {"owner": "<key hash>"}. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "owner": "30f4e824283240d2ca66f3e09b0b7adfc5d37816c072279b31f090a4"
                     *     }
                     */
                    "application/json": unknown;
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "params.hash is invalid: The validator's script hash (for a minting policy, its policy ID): 56 hex digits.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "None of your blueprints holds the validator 60b2028485e1f6194876973e7f1a4781ce616d830da416bab7c98570: upload its blueprint with POST /blueprints first (with the API key you use here).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    streamEvents: {
        parameters: {
            query?: {
                /**
                 * @description Only events of these types, comma-separated (15 known, listed in the operation's description). An unknown type is 400.
                 * @example tx.confirmed,address.received
                 */
                types?: string;
                /** @description Only events that touch this payment address (bech32 or hex) of this instance's network family: its outputs received and spent, the transactions that pay or spend it. */
                address?: string;
                /** @description Only events of this transaction. */
                txHash?: string;
                /** @description Only events of this tournament: its tournament.* events. */
                tournamentId?: string;
                /**
                 * @description Resume after this event id, as the Last-Event-ID header does (the header wins when both are sent). Without either, the stream starts with the next event recorded.
                 * @example 41
                 */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream: text/event-stream, open until the client leaves. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_BAD_REQUEST",
                     *       "message": "query.types names \"tx.confirm\", which is not an event type: use tx.submitted, tx.confirmed, tx.rolled_back, tx.expired, address.received, address.spent, tournament.created, tournament.registration_received, tournament.registration_cancelled, tournament.participants_added, tournament.full, tournament.deadline_passed, tournament.settled, tournament.cancelled, tournament.refunded (comma-separated).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_STREAM_LIMIT",
                     *       "message": "Your API key holds 4 event streams already, the most one key may hold at once (EVENT_STREAMS_PER_KEY): close one first, or use one stream with a wider filter.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                /**
                 * @description Webhooks per page, 1 to 100; 20 when absent.
                 * @example 20
                 */
                limit?: number;
                /** @description The `cursor` of the previous page's answer, as it is; the first page when absent. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of your webhooks, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "webhooks": [
                     *         {
                     *           "id": "wh_5f0c2a9e7b41d3c8a6e19f27",
                     *           "url": "https://hooks.example.com/cardano",
                     *           "types": [
                     *             "tx.confirmed",
                     *             "address.received"
                     *           ],
                     *           "address": "addr_test1vr75dew8ess84ya8zvt8en6fcx0ms6daez39prvc9vltukq0ct42e",
                     *           "txHash": null,
                     *           "tournamentId": null,
                     *           "confirmations": 3,
                     *           "state": "active",
                     *           "pausedReason": null,
                     *           "pausedAt": null,
                     *           "failures": 0,
                     *           "failingSince": null,
                     *           "afterEvent": "40",
                     *           "createdAt": 1764250000000
                     *         }
                     *       ],
                     *       "cursor": null
                     *     }
                     */
                    "application/json": {
                        /** @description Your webhooks on this page, oldest first. */
                        webhooks: {
                            /** @description The webhook's id. */
                            id: string;
                            /** @description Where deliveries go (normalized). */
                            url: string;
                            /** @description The event types delivered; empty: every type. */
                            types: string[];
                            /** @description The address filter (bech32), or null. */
                            address: string | null;
                            /** @description The transaction filter, or null. */
                            txHash: string | null;
                            /** @description The tournament filter, or null. */
                            tournamentId: string | null;
                            /** @description The depth tx.confirmed waits for. */
                            confirmations: number;
                            /** @description paused: deliveries wait (and new events are still queued) until POST /webhooks/{id}/resume. */
                            state: "active" | "paused";
                            /** @description Why it was paused (the failures and the last one), or null. */
                            pausedReason: string | null;
                            /** @description When it was paused (Unix ms), or null. */
                            pausedAt: number | null;
                            /** @description Failed attempts in a row (a delivery sets it back to 0). */
                            failures: number;
                            /** @description The first failed attempt of the current run of failures (Unix ms), or null. */
                            failingSince: number | null;
                            /** @description The log's last event id at creation: the webhook receives the events after it. */
                            afterEvent: string;
                            /** @description Unix ms. */
                            createdAt: number;
                        }[];
                        /** @description Pass it back as the query's `cursor` for the next page; null on the last page. */
                        cursor: string | null;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "The request body is empty: send a JSON object.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "Webhooks belong to an API key: send yours in the X-Api-Key header.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.example.com/cardano",
                 *       "types": [
                 *         "tx.confirmed",
                 *         "address.received"
                 *       ],
                 *       "address": "addr_test1vr75dew8ess84ya8zvt8en6fcx0ms6daez39prvc9vltukq0ct42e",
                 *       "confirmations": 3
                 *     }
                 */
                "application/json": {
                    /** @description Where the deliveries are POSTed: http or https, without credentials or a fragment. On preview, preprod and mainnet its host must resolve to public addresses only (not loopback, private, link-local, CGNAT, multicast or unspecified, v4 or v6), checked now and at each delivery, unless the operator set WEBHOOK_ALLOW_PRIVATE=true; the devnet allows them (your receiver on localhost). */
                    url: string;
                    /** @description Only events of these types; every type when absent. */
                    types?: ("tx.submitted" | "tx.confirmed" | "tx.rolled_back" | "tx.expired" | "address.received" | "address.spent" | "tournament.created" | "tournament.registration_received" | "tournament.registration_cancelled" | "tournament.participants_added" | "tournament.full" | "tournament.deadline_passed" | "tournament.settled" | "tournament.cancelled" | "tournament.refunded")[];
                    /** @description Only events that touch this payment address (bech32 or hex) of this instance's network family. */
                    address?: string;
                    /** @description Only events of this transaction. */
                    txHash?: string;
                    /** @description Only events of this tournament. */
                    tournamentId?: string;
                    /** @description tx.confirmed is delivered once its block is this many blocks deep (1, the default: at once). The body is the event as recorded (its data.confirmations the depth then, 1); other types are delivered at once. */
                    confirmations?: number;
                };
            };
        };
        responses: {
            /** @description The webhook created, with its secret. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "wh_5f0c2a9e7b41d3c8a6e19f27",
                     *       "url": "https://hooks.example.com/cardano",
                     *       "types": [
                     *         "tx.confirmed",
                     *         "address.received"
                     *       ],
                     *       "address": "addr_test1vr75dew8ess84ya8zvt8en6fcx0ms6daez39prvc9vltukq0ct42e",
                     *       "txHash": null,
                     *       "tournamentId": null,
                     *       "confirmations": 3,
                     *       "state": "active",
                     *       "pausedReason": null,
                     *       "pausedAt": null,
                     *       "failures": 0,
                     *       "failingSince": null,
                     *       "afterEvent": "40",
                     *       "createdAt": 1764250000000,
                     *       "secret": "whsec_q3Vt0mJ9cX2s8kLrY1bZ4nW7pE5aH6dF0gU3iO2lK8M"
                     *     }
                     */
                    "application/json": {
                        /** @description The webhook's id. */
                        id: string;
                        /** @description Where deliveries go (normalized). */
                        url: string;
                        /** @description The event types delivered; empty: every type. */
                        types: string[];
                        /** @description The address filter (bech32), or null. */
                        address: string | null;
                        /** @description The transaction filter, or null. */
                        txHash: string | null;
                        /** @description The tournament filter, or null. */
                        tournamentId: string | null;
                        /** @description The depth tx.confirmed waits for. */
                        confirmations: number;
                        /** @description paused: deliveries wait (and new events are still queued) until POST /webhooks/{id}/resume. */
                        state: "active" | "paused";
                        /** @description Why it was paused (the failures and the last one), or null. */
                        pausedReason: string | null;
                        /** @description When it was paused (Unix ms), or null. */
                        pausedAt: number | null;
                        /** @description Failed attempts in a row (a delivery sets it back to 0). */
                        failures: number;
                        /** @description The first failed attempt of the current run of failures (Unix ms), or null. */
                        failingSince: number | null;
                        /** @description The log's last event id at creation: the webhook receives the events after it. */
                        afterEvent: string;
                        /** @description Unix ms. */
                        createdAt: number;
                        /** @description The signing secret: shown this once, never again. Each delivery's Webhook-Signature is t=<unix s>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")> (the typed client's verifyWebhook checks it). */
                        secret: string;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_BAD_REQUEST",
                     *       "message": "body.url names the host 10.0.0.7, which resolves to 10.0.0.7, a private address: webhooks go to public addresses only on this network (WEBHOOK_ALLOW_PRIVATE).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "Webhooks belong to an API key: send yours in the X-Api-Key header.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The webhook's id, as POST /webhooks answered it.
                 * @example wh_5f0c2a9e7b41d3c8a6e19f27
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A webhook (its secret is shown only at creation). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "wh_5f0c2a9e7b41d3c8a6e19f27",
                     *       "url": "https://hooks.example.com/cardano",
                     *       "types": [
                     *         "tx.confirmed",
                     *         "address.received"
                     *       ],
                     *       "address": "addr_test1vr75dew8ess84ya8zvt8en6fcx0ms6daez39prvc9vltukq0ct42e",
                     *       "txHash": null,
                     *       "tournamentId": null,
                     *       "confirmations": 3,
                     *       "state": "active",
                     *       "pausedReason": null,
                     *       "pausedAt": null,
                     *       "failures": 0,
                     *       "failingSince": null,
                     *       "afterEvent": "40",
                     *       "createdAt": 1764250000000
                     *     }
                     */
                    "application/json": {
                        /** @description The webhook's id. */
                        id: string;
                        /** @description Where deliveries go (normalized). */
                        url: string;
                        /** @description The event types delivered; empty: every type. */
                        types: string[];
                        /** @description The address filter (bech32), or null. */
                        address: string | null;
                        /** @description The transaction filter, or null. */
                        txHash: string | null;
                        /** @description The tournament filter, or null. */
                        tournamentId: string | null;
                        /** @description The depth tx.confirmed waits for. */
                        confirmations: number;
                        /** @description paused: deliveries wait (and new events are still queued) until POST /webhooks/{id}/resume. */
                        state: "active" | "paused";
                        /** @description Why it was paused (the failures and the last one), or null. */
                        pausedReason: string | null;
                        /** @description When it was paused (Unix ms), or null. */
                        pausedAt: number | null;
                        /** @description Failed attempts in a row (a delivery sets it back to 0). */
                        failures: number;
                        /** @description The first failed attempt of the current run of failures (Unix ms), or null. */
                        failingSince: number | null;
                        /** @description The log's last event id at creation: the webhook receives the events after it. */
                        afterEvent: string;
                        /** @description Unix ms. */
                        createdAt: number;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "The request body is empty: send a JSON object.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "Webhooks belong to an API key: send yours in the X-Api-Key header.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "No webhook wh_5f0c2a9e7b41d3c8a6e19f27 belongs to your API key (a webhook another key created is not yours to see).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The webhook's id, as POST /webhooks answered it.
                 * @example wh_5f0c2a9e7b41d3c8a6e19f27
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook was deleted, with its deliveries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "wh_5f0c2a9e7b41d3c8a6e19f27",
                     *       "deleted": true
                     *     }
                     */
                    "application/json": {
                        /** @description The webhook deleted. */
                        id: string;
                        /**
                         * @description Always true.
                         * @enum {boolean}
                         */
                        deleted: true;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "The request body is empty: send a JSON object.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "Webhooks belong to an API key: send yours in the X-Api-Key header.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "No webhook wh_5f0c2a9e7b41d3c8a6e19f27 belongs to your API key (a webhook another key created is not yours to see).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /**
                 * @description Webhooks per page, 1 to 100; 20 when absent.
                 * @example 20
                 */
                limit?: number;
                /** @description The `cursor` of the previous page's answer, as it is; the first page when absent. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The webhook's id, as POST /webhooks answered it.
                 * @example wh_5f0c2a9e7b41d3c8a6e19f27
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the webhook's deliveries, newest event first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deliveries": [
                     *         {
                     *           "eventId": "42",
                     *           "eventType": "address.received",
                     *           "deliveryId": "wh_5f0c2a9e7b41d3c8a6e19f27.42",
                     *           "state": "pending",
                     *           "attempts": 2,
                     *           "lastStatus": 503,
                     *           "lastError": "HTTP 503: upstream unavailable",
                     *           "nextAttemptAt": 1764250021000,
                     *           "waitingForHeight": null,
                     *           "createdAt": 1764250001000,
                     *           "updatedAt": 1764250011000
                     *         },
                     *         {
                     *           "eventId": "41",
                     *           "eventType": "tx.confirmed",
                     *           "deliveryId": "wh_5f0c2a9e7b41d3c8a6e19f27.41",
                     *           "state": "delivered",
                     *           "attempts": 1,
                     *           "lastStatus": 200,
                     *           "lastError": null,
                     *           "nextAttemptAt": null,
                     *           "waitingForHeight": 14,
                     *           "createdAt": 1764250001000,
                     *           "updatedAt": 1764250040000
                     *         }
                     *       ],
                     *       "cursor": null
                     *     }
                     */
                    "application/json": {
                        /** @description The deliveries on this page, newest event first. */
                        deliveries: {
                            /** @description The event's id (GET /events's id). */
                            eventId: string;
                            /** @description The event's type. */
                            eventType: string;
                            /** @description The Webhook-Id header of every attempt of it. */
                            deliveryId: string;
                            /** @description pending: not yet delivered (due at nextAttemptAt, or waiting for confirmations); delivered: a 2xx; failed: an answer not retried (a 4xx other than 408 and 429, a 3xx, a refused target), or not delivered within EVENT_RETENTION_HOURS; cancelled: a tx.confirmed waiting for its confirmations whose transaction was rolled back first (a confirmation again is a new event, delivered once deep enough). */
                            state: "pending" | "delivered" | "failed" | "cancelled";
                            /** @description Attempts made. */
                            attempts: number;
                            /** @description The receiver's last HTTP status; null when none came (a timeout, a refused connection) or before an attempt. */
                            lastStatus: number | null;
                            /** @description Why the last attempt failed (with an excerpt of the receiver's answer, at most 200 characters); null when it did not. */
                            lastError: string | null;
                            /** @description When the next attempt is due (Unix ms); null once delivered or failed. */
                            nextAttemptAt: number | null;
                            /** @description The block height the chain must reach first (a tx.confirmed of a webhook with confirmations); null: none. */
                            waitingForHeight: number | null;
                            /** @description When it was queued (Unix ms). */
                            createdAt: number;
                            /** @description Its last change (Unix ms). */
                            updatedAt: number;
                        }[];
                        /** @description Pass it back as the query's `cursor` for the next page; null on the last page. */
                        cursor: string | null;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "The request body is empty: send a JSON object.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "Webhooks belong to an API key: send yours in the X-Api-Key header.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "No webhook wh_5f0c2a9e7b41d3c8a6e19f27 belongs to your API key (a webhook another key created is not yours to see).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The webhook's id, as POST /webhooks answered it.
                 * @example wh_5f0c2a9e7b41d3c8a6e19f27
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the receiver answered to a webhook.test delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "webhookId": "wh_5f0c2a9e7b41d3c8a6e19f27",
                     *       "delivered": true,
                     *       "status": 200,
                     *       "error": null,
                     *       "durationMs": 38
                     *     }
                     */
                    "application/json": {
                        /** @description The webhook. */
                        webhookId: string;
                        /** @description Whether the receiver answered a 2xx. */
                        delivered: boolean;
                        /** @description The receiver's HTTP status; null when none came. */
                        status: number | null;
                        /** @description Why it was not delivered; null when it was. */
                        error: string | null;
                        /** @description How long the attempt took. */
                        durationMs: number;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "The request body is empty: send a JSON object.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "Webhooks belong to an API key: send yours in the X-Api-Key header.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "No webhook wh_5f0c2a9e7b41d3c8a6e19f27 belongs to your API key (a webhook another key created is not yours to see).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_WEBHOOK_TEST_LIMIT",
                     *       "message": "Your API key has a test delivery in flight already: wait for its answer (at most WEBHOOK_TIMEOUT_SECONDS) before sending another.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    resumeWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The webhook's id, as POST /webhooks answered it.
                 * @example wh_5f0c2a9e7b41d3c8a6e19f27
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A webhook (its secret is shown only at creation). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "wh_5f0c2a9e7b41d3c8a6e19f27",
                     *       "url": "https://hooks.example.com/cardano",
                     *       "types": [
                     *         "tx.confirmed",
                     *         "address.received"
                     *       ],
                     *       "address": "addr_test1vr75dew8ess84ya8zvt8en6fcx0ms6daez39prvc9vltukq0ct42e",
                     *       "txHash": null,
                     *       "tournamentId": null,
                     *       "confirmations": 3,
                     *       "state": "active",
                     *       "pausedReason": null,
                     *       "pausedAt": null,
                     *       "failures": 0,
                     *       "failingSince": null,
                     *       "afterEvent": "40",
                     *       "createdAt": 1764250000000
                     *     }
                     */
                    "application/json": {
                        /** @description The webhook's id. */
                        id: string;
                        /** @description Where deliveries go (normalized). */
                        url: string;
                        /** @description The event types delivered; empty: every type. */
                        types: string[];
                        /** @description The address filter (bech32), or null. */
                        address: string | null;
                        /** @description The transaction filter, or null. */
                        txHash: string | null;
                        /** @description The tournament filter, or null. */
                        tournamentId: string | null;
                        /** @description The depth tx.confirmed waits for. */
                        confirmations: number;
                        /** @description paused: deliveries wait (and new events are still queued) until POST /webhooks/{id}/resume. */
                        state: "active" | "paused";
                        /** @description Why it was paused (the failures and the last one), or null. */
                        pausedReason: string | null;
                        /** @description When it was paused (Unix ms), or null. */
                        pausedAt: number | null;
                        /** @description Failed attempts in a row (a delivery sets it back to 0). */
                        failures: number;
                        /** @description The first failed attempt of the current run of failures (Unix ms), or null. */
                        failingSince: number | null;
                        /** @description The log's last event id at creation: the webhook receives the events after it. */
                        afterEvent: string;
                        /** @description Unix ms. */
                        createdAt: number;
                    };
                };
            };
            /** @description Bad input: the message names the field and why. Codes: `SVC_ERR_VALIDATION`, `SVC_ERR_UNKNOWN_FIELD`, `SVC_ERR_BAD_REQUEST`, `SVC_ERR_CBOR_LIMIT`, `HTTP_ERR_INVALID_JSON`, `HTTP_ERR_BAD_URL`, `HTTP_ERR_MALFORMED`, `TX_ERR_INSUFFICIENT_FUNDS`, `TX_ERR_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "error": "Bad Request",
                     *       "code": "SVC_ERR_VALIDATION",
                     *       "message": "The request body is empty: send a JSON object.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, unknown, revoked or wrong-network API key. Codes: `AUTH_ERR_UNAUTHORIZED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "error": "Unauthorized",
                     *       "code": "AUTH_ERR_UNAUTHORIZED",
                     *       "message": "Webhooks belong to an API key: send yours in the X-Api-Key header.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found. Codes: `SVC_ERR_NOT_FOUND`, `HTTP_ERR_UNKNOWN_ENDPOINT`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "error": "Not Found",
                     *       "code": "SVC_ERR_NOT_FOUND",
                     *       "message": "No webhook wh_5f0c2a9e7b41d3c8a6e19f27 belongs to your API key (a webhook another key created is not yours to see).",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is larger than the service accepts. Codes: `HTTP_ERR_BODY_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "error": "Payload Too Large",
                     *       "code": "HTTP_ERR_BODY_TOO_LARGE",
                     *       "message": "The request body is larger than this service accepts.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request body is not JSON: send Content-Type: application/json. Codes: `HTTP_ERR_UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "error": "Unsupported Media Type",
                     *       "code": "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
                     *       "message": "The request body must be JSON: send the header Content-Type: application/json.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled, please try again later. The Retry-After header says when. Codes: `AUTH_ERR_THROTTLED`, `AUTH_ERR_WAIT_LIMIT`, `AUTH_ERR_STREAM_LIMIT`, `AUTH_ERR_WEBHOOK_TEST_LIMIT`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "error": "Too Many Requests",
                     *       "code": "AUTH_ERR_THROTTLED",
                     *       "message": "Throttled, please try again later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request right now: retry later, after Retry-After seconds when the answer has that header. Codes: `SVC_ERR_BUSY`, `SVC_ERR_WAITS_FULL`, `CHAIN_ERR_UNAVAILABLE`, `CHAIN_ERR_SEATS_UNREADABLE`, `STORE_ERR_UNAVAILABLE`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "error": "Service Unavailable",
                     *       "code": "STORE_ERR_UNAVAILABLE",
                     *       "message": "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
                     *       "requestId": "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getRootHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service's health: ok with the chain tip, or degraded with the reason. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok",
                     *       "network": "devnet",
                     *       "version": "0.1.0",
                     *       "backend": "devnet",
                     *       "tip": {
                     *         "slot": 15,
                     *         "time": 1795516429000
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description ok when the chain backend answers (and, on the devnet, its disk takes writes). */
                        status: "ok" | "degraded";
                        /** @description The network this instance serves: devnet, preview, preprod or mainnet. */
                        network: string;
                        /** @description The service version. */
                        version: string;
                        /** @description The chain backend: devnet, blockfrost, ogmios-kupo, or null when none is configured. */
                        backend: string | null;
                        /** @description The chain tip, when the backend answers. */
                        tip?: {
                            /** @description The current slot. */
                            slot: number;
                            /** @description Unix milliseconds of the current slot's start. */
                            time: number;
                        };
                        /** @description Why the service is degraded. */
                        reason?: string;
                        /** @description Real networks: how the backend's script evaluations compared with the service's local Scalus evaluation since start. */
                        evaluationCheck?: {
                            /** @description Evaluations where the local one gave the backend's budgets (or both refused). */
                            agreed: number;
                            /** @description Evaluations where they differed (the backend's answer was used; each is logged as a warning). */
                            disagreed: number;
                            /** @description Evaluations the local evaluator could not run (e.g. an input it could not resolve). */
                            localFailed: number;
                        };
                    };
                };
            };
            /** @description The service's health: ok with the chain tip, or degraded with the reason. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "degraded",
                     *       "network": "preprod",
                     *       "version": "0.1.0",
                     *       "backend": null,
                     *       "reason": "No chain backend is configured for preprod: set BLOCKFROST_PROJECT_ID, or OGMIOS_URL and KUPO_URL."
                     *     }
                     */
                    "application/json": {
                        /** @description ok when the chain backend answers (and, on the devnet, its disk takes writes). */
                        status: "ok" | "degraded";
                        /** @description The network this instance serves: devnet, preview, preprod or mainnet. */
                        network: string;
                        /** @description The service version. */
                        version: string;
                        /** @description The chain backend: devnet, blockfrost, ogmios-kupo, or null when none is configured. */
                        backend: string | null;
                        /** @description The chain tip, when the backend answers. */
                        tip?: {
                            /** @description The current slot. */
                            slot: number;
                            /** @description Unix milliseconds of the current slot's start. */
                            time: number;
                        };
                        /** @description Why the service is degraded. */
                        reason?: string;
                        /** @description Real networks: how the backend's script evaluations compared with the service's local Scalus evaluation since start. */
                        evaluationCheck?: {
                            /** @description Evaluations where the local one gave the backend's budgets (or both refused). */
                            agreed: number;
                            /** @description Evaluations where they differed (the backend's answer was used; each is logged as a warning). */
                            disagreed: number;
                            /** @description Evaluations the local evaluator could not run (e.g. an input it could not resolve). */
                            localFailed: number;
                        };
                    };
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metrics, as text/plain; version=0.0.4. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
        };
    };
}

/** Every operation's method and path, by operationId. */
export const OPERATIONS = {
  getHealth: { method: "get", path: "/v2/services/health" },
  parseAddress: { method: "post", path: "/v2/services/utils/addresses/parse" },
  getAddressInfo: { method: "post", path: "/v2/services/addresses/info" },
  parseNativeScript: { method: "post", path: "/v2/services/utils/native-scripts/parse" },
  serializeNativeScript: { method: "post", path: "/v2/services/utils/native-scripts/serialize" },
  getNativeScriptInfo: { method: "post", path: "/v2/services/utils/native-scripts/get-info" },
  slotToTime: { method: "post", path: "/v2/services/utils/network/slot-to-time" },
  timeToSlot: { method: "post", path: "/v2/services/utils/network/time-to-slot" },
  buildTransaction: { method: "post", path: "/v2/services/transactions/build" },
  submitTransaction: { method: "post", path: "/v2/services/transactions/submit" },
  getTransactionStatus: { method: "get", path: "/v2/services/transactions/{txHash}" },
  waitForTransaction: { method: "get", path: "/v2/services/transactions/{txHash}/wait" },
  getAddressUtxos: { method: "get", path: "/v2/services/addresses/{address}/utxos" },
  fundDevnetAddress: { method: "post", path: "/v2/services/devnet/faucet" },
  advanceDevnetClock: { method: "post", path: "/v2/services/devnet/advance" },
  registerDevnetStakePool: { method: "post", path: "/v2/services/devnet/stake-pools" },
  registerDevnetDRep: { method: "post", path: "/v2/services/devnet/dreps" },
  getDevnet: { method: "get", path: "/v2/services/devnet" },
  resetDevnet: { method: "post", path: "/v2/services/devnet/reset" },
  rollbackDevnet: { method: "post", path: "/v2/services/devnet/rollback" },
  listDevnetSnapshots: { method: "get", path: "/v2/services/devnet/snapshots" },
  saveDevnetSnapshot: { method: "post", path: "/v2/services/devnet/snapshots" },
  restoreDevnetSnapshot: { method: "post", path: "/v2/services/devnet/snapshots/{name}/restore" },
  deleteDevnetSnapshot: { method: "delete", path: "/v2/services/devnet/snapshots/{name}" },
  submitTournamentTransaction: { method: "post", path: "/v2/services/tournaments/submit-tx" },
  listTournaments: { method: "get", path: "/v2/services/tournaments" },
  createTournament: { method: "post", path: "/v2/services/tournaments" },
  getTournament: { method: "get", path: "/v2/services/tournaments/{tournamentId}" },
  registerToTournament: { method: "post", path: "/v2/services/tournaments/{tournamentId}/register" },
  unregisterFromTournament: { method: "post", path: "/v2/services/tournaments/{tournamentId}/unregister" },
  listTournamentRegistrations: { method: "get", path: "/v2/services/tournaments/{tournamentId}/registrations" },
  addTournamentParticipants: { method: "post", path: "/v2/services/tournaments/{tournamentId}/participants" },
  settleTournament: { method: "patch", path: "/v2/services/tournaments/{tournamentId}/settle" },
  cancelTournament: { method: "post", path: "/v2/services/tournaments/{tournamentId}/cancel" },
  refundTournament: { method: "post", path: "/v2/services/tournaments/{tournamentId}/refund" },
  listBlueprints: { method: "get", path: "/v2/services/blueprints" },
  upsertBlueprint: { method: "post", path: "/v2/services/blueprints" },
  deleteBlueprint: { method: "delete", path: "/v2/services/blueprints/{id}" },
  applyBlueprintParams: { method: "post", path: "/v2/services/blueprints/apply-params" },
  getValidatorAddress: { method: "get", path: "/v2/services/validators/{hash}/address" },
  serializeValidatorData: { method: "post", path: "/v2/services/validators/{hash}/serialize" },
  parseValidatorData: { method: "post", path: "/v2/services/validators/{hash}/parse" },
  streamEvents: { method: "get", path: "/v2/services/events" },
  listWebhooks: { method: "get", path: "/v2/services/webhooks" },
  createWebhook: { method: "post", path: "/v2/services/webhooks" },
  getWebhook: { method: "get", path: "/v2/services/webhooks/{id}" },
  deleteWebhook: { method: "delete", path: "/v2/services/webhooks/{id}" },
  listWebhookDeliveries: { method: "get", path: "/v2/services/webhooks/{id}/deliveries" },
  testWebhook: { method: "post", path: "/v2/services/webhooks/{id}/test" },
  resumeWebhook: { method: "post", path: "/v2/services/webhooks/{id}/resume" },
  getRootHealth: { method: "get", path: "/health" },
  getMetrics: { method: "get", path: "/metrics" },
} as const satisfies { [K in keyof operations]: { method: string; path: string } };

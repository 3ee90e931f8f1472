// The seats of v3 pools read back from chain history (src/tournament/seats.ts) and the v3 read
// (src/tournament/pool-read.ts), on pools made by real v3 transactions: the draft's production
// build (contracts/plutus.json, depth 10, batch height 6) and its honest plans, built, signed and
// submitted through test/support/v3-bridge.ts to the devnet port, and to the Blockfrost and
// Ogmios + Kupo adapters in front of their fakes over a live ledger. Each read is compared with the
// plans' own seat model; wrong histories are made by wrapping the real port.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { UTxO } from "@meshsdk/common";
import { DevnetChain } from "../../src/chain/devnet/devnet.js";
import type { ChainPort } from "../../src/chain/port.js";
import { createRealNetworkChain } from "../../src/chain/real-networks.js";
import type { Network } from "../../src/config.js";
import { V3_CONTRACT } from "../../src/tournament/contracts.js";
import { contractOf } from "../../src/tournament/deployment.js";
import type { TournamentId } from "../../src/tournament/id.js";
import { decodePoolDatum } from "../../src/tournament/pool-datum.js";
import {
  findAnyPool,
  listPoolsPage,
  requirePool,
  type PoolContract,
  type PoolReading,
} from "../../src/tournament/pool-read.js";
import { isEnded, isUnreadable } from "../../src/tournament/read.js";
import { SeatReader, type PoolOutput } from "../../src/tournament/seats.js";
import { viewOf, withParticipantsPage } from "../../src/tournament/view.js";
import { randomAddress, Wallet } from "../../contracts/test/helpers.js";
import { registerPlan, ledgerOrder } from "../../contracts/test/tournament-txs.js";
import { addPlan, closePlan, createPlan, type Pool } from "../../contracts/test/v3/plans.js";
import { loadV3 } from "../../contracts/test/v3/scripts.js";
import { FakeBlockfrost } from "../support/fakes/blockfrost.js";
import { FakeOgmiosKupo } from "../support/fakes/ogmios-kupo.js";
import { LiveLedger } from "../support/fakes/live-ledger.js";
import { PlanBridge } from "../support/v3-bridge.js";

const ADA = 1_000_000n;
const scripts = loadV3();

/** A port and how to fund an address on it. */
interface Subject {
  readonly port: ChainPort;
  readonly network: Network;
  /** How many HTTP requests the backend's fakes have answered (the fakes only). */
  readonly requests?: () => number;
  fund(address: string, lovelace: bigint): Promise<unknown>;
  close(): Promise<void>;
}

const devnetSubject = async (): Promise<Subject> => {
  const port = await DevnetChain.create({ path: ":memory:" });
  return { port, network: "devnet", fund: (a, l) => port.faucet(a, l), close: () => port.close() };
};

async function liveSubject(kind: "blockfrost" | "ogmios-kupo"): Promise<Subject> {
  const ledger = await LiveLedger.create();
  if (kind === "blockfrost") {
    const fake = await FakeBlockfrost.start({ ledger });
    const port = createRealNetworkChain("preprod", {
      kind,
      projectId: "preprodSeatsTest0123456789abcdefgh",
      url: fake.apiUrl,
    });
    return {
      port,
      network: "preprod",
      requests: () => fake.requests.length,
      fund: (a, l) => ledger.fund(a, l),
      close: async () => {
        await port.close();
        await fake.close();
        await ledger.close();
        assert.deepEqual(fake.faults, [], "the fake Blockfrost answered every request");
      },
    };
  }
  const fake = await FakeOgmiosKupo.start({ ledger, network: "preprod" });
  const port = createRealNetworkChain("preprod", { kind, ogmiosUrl: fake.ogmiosUrl, kupoUrl: fake.kupoUrl });
  return {
    port,
    network: "preprod",
    requests: () => fake.kupo.requests.length + fake.ogmios.requests.length + fake.rpc.length,
    fund: (a, l) => ledger.fund(a, l),
    close: async () => {
      await port.close();
      await fake.close();
      await ledger.close();
      assert.deepEqual([...fake.ogmios.faults, ...fake.kupo.faults], [], "the fakes answered every request");
    },
  };
}

/** The v3 contract as the service will select it once v3 is wired in (contractOf), with its registration hashes. */
const contractOn = (network: Network): PoolContract => ({
  ...contractOf(V3_CONTRACT, network),
  registrationHashOf: (id: TournamentId) => scripts.registration(id).hash,
});

/** `port` with some members replaced (its own methods keep running on it: they use private fields). */
function overriding<T extends object>(port: ChainPort, members: T): ChainPort & T {
  return new Proxy(port, {
    get: (target, key) => {
      if (Object.hasOwn(members, key)) return (members as Record<PropertyKey, unknown>)[key];
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  }) as ChainPort & T;
}

/** The port with its consumedBy calls counted (and optionally rewritten, and under another backend's name). */
function counted(
  port: ChainPort,
  rewrite: (txHash: string, spent: UTxO[]) => UTxO[] = (_, spent) => spent,
  backendName = port.backendName,
): ChainPort & { calls: string[] } {
  const calls: string[] = [];
  return overriding(port, {
    calls,
    backendName,
    consumedBy: async (txHash: string) => {
      calls.push(txHash);
      return rewrite(txHash, await port.consumedBy!(txHash));
    },
  });
}

/** A v3 pool on a port, driven by the draft's plans, with the plans' own seat model. */
class PoolDriver {
  seats: string[] = [];
  readonly addTxs: string[] = [];

  private constructor(
    readonly bridge: PlanBridge,
    readonly admin: Wallet,
    readonly alice: Wallet,
    readonly pool: Pool,
  ) {}

  static async create(subject: Subject, bracketSize: number): Promise<PoolDriver> {
    const bridge = await PlanBridge.create(subject.port);
    const [admin, alice] = await Promise.all([Wallet.create(), Wallet.create()]);
    for (let i = 0; i < 3; i++) {
      await subject.fund(admin.address, 1_000n * ADA);
      await subject.fund(alice.address, 1_000n * ADA);
    }
    const [tournament, batch] = await bridge.deploy(admin, [scripts.tournament, scripts.batch]);
    const tip = await subject.port.tip();
    const { plan, pool } = createPlan(
      scripts,
      { tournament: tournament!, batch: batch! },
      admin,
      {
        settleBy: tip.time + 2 * 3_600_000,
        name: "Seats Cup",
        bracketSize,
        entryFee: 5n * ADA,
        payoutStructure: [10n * ADA],
        fixedPayouts: [],
      },
      await bridge.seedOf(admin),
    );
    await bridge.submit(plan);
    const [registration] = await bridge.deploy(admin, [pool.registration]);
    pool.refs.registration = registration;
    return new PoolDriver(bridge, admin, alice, pool);
  }

  current(): Promise<UTxO> {
    return this.bridge.holderOf(this.pool.address, this.pool.nftUnit);
  }

  /** Registers `n` random addresses (alice pays) and adds them in one transaction; returns the add's id. */
  async add(n: number): Promise<string> {
    const addresses = Array.from({ length: n }, () => randomAddress());
    const registered = await this.bridge.submit(registerPlan(this.pool, this.alice, addresses));
    const regs = (await this.bridge.port.utxosAt(this.pool.registrationAddress))
      .filter((u) => u.input.txHash === registered)
      .sort(ledgerOrder);
    assert.equal(regs.length, n);
    const { plan, seats } = addPlan(this.pool, this.admin, await this.current(), this.seats, regs);
    const txHash = await this.bridge.submit(plan);
    this.seats = seats;
    this.addTxs.push(txHash);
    return txHash;
  }

  /** The pool output as seats.ts reads it. */
  async output(): Promise<PoolOutput> {
    const utxo = await this.current();
    const datum = decodePoolDatum(utxo.output.plutusData!, false);
    assert.ok(datum, "the pool datum decodes");
    return {
      unit: this.pool.nftUnit,
      utxo,
      accumulator: { count: datum.count, peaks: datum.peaks },
      registrationAddress: this.pool.registrationAddress,
    };
  }
}

describe("v3 seats on the devnet port", () => {
  let subject: Subject;
  let driver: PoolDriver;
  let reader: SeatReader;
  let port: ChainPort & { calls: string[] };

  before(async () => {
    subject = await devnetSubject();
    driver = await PoolDriver.create(subject, 64);
    reader = new SeatReader("devnet");
    port = counted(subject.port);
  });
  after(() => subject.close());

  it("reads an empty pool as no seats, without reading history", async () => {
    const output = await driver.output();
    assert.equal(output.accumulator.count, 0);
    assert.deepEqual(await reader.seatsOf(port, output), []);
    assert.deepEqual(port.calls, []);
  });

  it("reads the seats after several adds (one of 40 registrations) in the adds' ledger order, one consumedBy per add", async () => {
    await driver.add(1);
    await driver.add(3);
    await driver.add(40);
    assert.equal(driver.seats.length, 44);
    const fresh = new SeatReader("devnet");
    port.calls.length = 0;
    assert.deepEqual(await fresh.seatsOf(port, await driver.output()), driver.seats);
    assert.deepEqual(port.calls, [...driver.addTxs].reverse(), "each add's transaction, newest first, once");
    // The first add's registration is seat 0; the 40 of the last add are seats 4..43, in ledger order.
    assert.equal(driver.seats[0], (await reader.seatsOf(port, await driver.output()))[0]);
  });

  it("extends the cache by the new add only: the second read after one more add makes one call", async () => {
    const cached = new SeatReader("devnet");
    await cached.seatsOf(port, await driver.output());
    assert.deepEqual(cached.cached, { outputs: 1, seats: 44 });
    await driver.add(2);
    port.calls.length = 0;
    assert.deepEqual(await cached.seatsOf(port, await driver.output()), driver.seats);
    assert.deepEqual(port.calls, [driver.addTxs.at(-1)], "only the new add's transaction");
    assert.deepEqual(cached.cached, { outputs: 1, seats: 46 }, "the older output's entry replaced");
    port.calls.length = 0;
    assert.deepEqual(await cached.seatsOf(port, await driver.output()), driver.seats);
    assert.deepEqual(port.calls, [], "the same output again: no call");
  });

  it("bounds the cache by seats, least recently used first out", async () => {
    const small = new SeatReader("devnet", { maxCachedSeats: 10 });
    assert.deepEqual(await small.seatsOf(port, await driver.output()), driver.seats);
    assert.deepEqual(small.cached, { outputs: 1, seats: 46 }, "the newest entry is kept even above the bound");
    const other = await PoolDriver.create(subject, 4);
    await other.add(2);
    assert.equal((await small.seatsOf(port, await other.output())).length, 2);
    assert.deepEqual(small.cached, { outputs: 1, seats: 2 }, "the older pool's entry went first");
  });

  it("refuses a history whose seats do not give the datum's accumulator (two registrations' datums swapped)", async () => {
    const third = driver.addTxs[2]!;
    const swapped = counted(subject.port, (txHash, spent) => {
      if (txHash !== third) return spent;
      const regs = spent.filter((u) => u.output.address === driver.pool.registrationAddress);
      const [a, b] = [regs[0]!, regs[1]!];
      return spent.map((u) =>
        u === a
          ? { ...u, output: { ...u.output, plutusData: b.output.plutusData } }
          : u === b
            ? { ...u, output: { ...u.output, plutusData: a.output.plutusData } }
            : u,
      );
    });
    const output = await driver.output();
    await assert.rejects(new SeatReader("devnet").seatsOf(swapped, output), (error: Error & { code?: string }) => {
      assert.equal(error.code, "CHAIN_ERR_SEATS_UNREADABLE");
      assert.equal((error as { statusCode?: number }).statusCode, 503);
      assert.equal(
        error.message,
        `The seats of the v3 tournament output ${output.utxo.input.txHash}#${output.utxo.input.outputIndex} cannot be read back from ` +
          "the devnet backend's history: the 46 seats its adds spent do not give the datum's seat tree (count 46 and its peaks): the " +
          "history is incomplete or out of order. A devnet data directory from before the devnet kept spent outputs cannot give them " +
          "back: use a fresh DATA_DIR.",
      );
      return true;
    });
  });

  it("refuses a history that drops a registration an add spent, naming the add", async () => {
    const second = driver.addTxs[1]!;
    let dropped: UTxO | undefined;
    const dropping = counted(subject.port, (txHash, spent) => {
      if (txHash !== second) return spent;
      dropped = spent.find((u) => u.output.address === driver.pool.registrationAddress);
      return spent.filter((u) => u !== dropped);
    });
    await assert.rejects(
      new SeatReader("devnet").seatsOf(dropping, await driver.output()),
      new RegExp(
        `transaction ${second} took the pool from 1 to 4 seats, but the backend gives 2 registrations among the outputs it spent\\.`,
      ),
    );
    assert.ok(dropped, "a registration was dropped");
  });

  it("says what to do with a pruned Kupo (spent outputs without datums) and with a port without history", async () => {
    const pruned = counted(
      subject.port,
      (_, spent) =>
        spent.map((u) => {
          const { plutusData: _datum, ...rest } = u.output;
          return { ...u, output: rest };
        }),
      "ogmios-kupo",
    );
    await assert.rejects(new SeatReader("devnet").seatsOf(pruned, await driver.output()), (error: Error) => {
      assert.match(error.message, /without an inline datum that decodes as a pool datum\./);
      assert.match(
        error.message,
        /Kupo must keep spent outputs and index every address: run it without --prune-utxo, with --match "\*", at v2\.10 or later/,
      );
      return true;
    });
    const forgetful = overriding(subject.port, { consumedBy: undefined });
    await assert.rejects(
      new SeatReader("devnet").seatsOf(forgetful, await driver.output()),
      /the devnet backend's history: this backend cannot say which outputs a transaction spent\./,
    );
  });

  describe("the v3 read (pool-read.ts)", () => {
    let reading: PoolReading;
    before(() => {
      reading = {
        chain: subject.port,
        network: "devnet",
        contract: contractOn("devnet"),
        seats: new SeatReader("devnet"),
      };
    });

    it("reads a live pool as a tournament whose participants are its seats", async () => {
      const t = await findAnyPool(reading, driver.pool.id as TournamentId);
      assert.ok(!isUnreadable(t) && !isEnded(t));
      assert.deepEqual(t.datum.participants, driver.seats);
      assert.deepEqual(t.datum.config, driver.pool.config);
      assert.equal(t.registrationAddress.bech32, driver.pool.registrationAddress);
      assert.equal(t.utxo.input.txHash, driver.addTxs.at(-1));
    });

    it("gives the views what a v2.1 tournament gives them: status, configuration, participants by pages", async () => {
      const t = await findAnyPool(reading, driver.pool.id as TournamentId);
      const view = viewOf(t, await subject.port.tip());
      assert.ok(view.status === "open");
      assert.equal(view.participantCount, 46);
      assert.equal(view.bracketSize, 64);
      assert.equal(view.entryFee, "5000000");
      assert.equal(view.registrationAddress, driver.pool.registrationAddress);
      assert.equal(view.policyId, scripts.tournament.hash);
      assert.deepEqual(withParticipantsPage(view, 2, 20).participants, driver.seats.slice(20, 40));
      assert.deepEqual(withParticipantsPage(view, 3, 20).participants, driver.seats.slice(40));
    });

    it("lists the contract's pools, each with its seats", async () => {
      const listed = (await listPoolsPage(reading, 100, undefined)).results;
      const mine = listed.find((t) => t.tournamentId === driver.pool.id);
      assert.ok(mine && !isUnreadable(mine));
      assert.equal(mine.datum.participants.length, 46);
      assert.ok(listed.length >= 2, "the other pool of this devnet too");
    });

    it("shows a pool whose seats the backend cannot give back as unreadable, with the reason", async () => {
      const pruned = counted(
        subject.port,
        (txHash, spent) => spent.filter((u) => u.input.txHash === txHash),
        "ogmios-kupo",
      );
      const t = await findAnyPool(
        { ...reading, chain: pruned, seats: new SeatReader("devnet") },
        driver.pool.id as TournamentId,
      );
      assert.ok(isUnreadable(t));
      assert.match(t.reason, /the backend gives 0 outputs holding the NFT among the 0 it spent/);
      assert.match(t.reason, /run it without --prune-utxo/);
    });

    it("reads a cancelled pool as ended, with its seats and no batches (an inline close)", async () => {
      const small = await PoolDriver.create(subject, 4);
      await small.add(3);
      const { plan } = closePlan(small.pool, small.admin, await small.current(), small.seats, "cancel");
      plan.signers = [small.admin];
      const closed = await small.bridge.submit(plan);
      const t = await findAnyPool(reading, small.pool.id as TournamentId);
      assert.ok(!isUnreadable(t) && isEnded(t));
      assert.deepEqual(t.ending, { txHash: closed, action: "cancel", batches: 0 });
      assert.deepEqual(t.datum.participants, small.seats);
      const view = viewOf(t, await subject.port.tip());
      assert.ok(view.status === "cancelled");
      assert.deepEqual(
        view.refunds?.map((r) => [r.address, r.outputRef]),
        [...small.seats, small.admin.address].map((a, k) => [a, `${closed}#${k}`]),
        "outputs 0..2 pay the seats, output 3 the admin, as the close did",
      );
    });

    it("reads a pool of 65 seats cancelled into two batches as ended, without refunds of its own", async () => {
      const big = await PoolDriver.create(subject, 128);
      await big.add(40);
      await big.add(25);
      const { plan, batches } = closePlan(big.pool, big.admin, await big.current(), big.seats, "cancel");
      assert.equal(batches.length, 2);
      plan.signers = [big.admin];
      const closed = await big.bridge.submit(plan);
      const t = await findAnyPool(reading, big.pool.id as TournamentId);
      assert.ok(!isUnreadable(t) && isEnded(t));
      assert.deepEqual(t.ending, { txHash: closed, action: "cancel", batches: 2 });
      assert.deepEqual(t.datum.participants, big.seats);
      const view = viewOf(t, await subject.port.tip());
      assert.ok(view.status === "cancelled");
      assert.equal(view.participantCount, 65);
      assert.equal(view.refunds, undefined, "the batch transactions pay the seats");
    });

    it("requires a live pool for a transaction: its seats; 400 when they are unreadable; 404 when none is live", async () => {
      const live = await requirePool(reading, driver.pool.id as TournamentId);
      assert.deepEqual(live.datum.participants, driver.seats);
      const forgetful = overriding(subject.port, { consumedBy: undefined });
      await assert.rejects(
        requirePool({ ...reading, chain: forgetful, seats: new SeatReader("devnet") }, driver.pool.id as TournamentId),
        (error: Error & { statusCode?: number }) => {
          assert.equal(error.statusCode, 400);
          assert.match(
            error.message,
            new RegExp(`^Tournament ${driver.pool.id} is unreadable: .*cannot say which outputs`),
          );
          return true;
        },
      );
      await assert.rejects(
        requirePool(reading, "ab".repeat(32) as TournamentId),
        /No tournament abab.* under contract/,
      );
    });

    it("answers 404 for an ID no pool ever held", async () => {
      await assert.rejects(
        findAnyPool(reading, "ab".repeat(32) as TournamentId),
        /No tournament abab.* under contract/,
      );
    });
  });
});

for (const kind of ["blockfrost", "ogmios-kupo"] as const) {
  describe(`v3 seats through the ${kind} adapter and its fake`, () => {
    let subject: Subject;
    let driver: PoolDriver;

    before(async () => {
      subject = await liveSubject(kind);
      driver = await PoolDriver.create(subject, 16);
    });
    after(() => subject.close());

    it("reads the seats of several adds, then extends the cache by the next add alone", async () => {
      const reader = new SeatReader("preprod");
      const port = counted(subject.port);
      assert.deepEqual(await reader.seatsOf(port, await driver.output()), []);
      await driver.add(2);
      await driver.add(5);
      assert.deepEqual(await reader.seatsOf(port, await driver.output()), driver.seats);
      assert.deepEqual(port.calls, [...driver.addTxs].reverse());
      await driver.add(3);
      port.calls.length = 0;
      const output = await driver.output();
      const requestsBefore = subject.requests!();
      assert.deepEqual(await reader.seatsOf(port, output), driver.seats);
      assert.deepEqual(port.calls, [driver.addTxs.at(-1)]);
      // What the read after one more add costs the backend: one /txs/{hash}/utxos, or Kupo's two matches queries.
      assert.equal(subject.requests!() - requestsBefore, kind === "blockfrost" ? 1 : 2);
      assert.equal(driver.seats.length, 10);
    });

    it("reads the pool through the v3 read as a tournament with those seats", async () => {
      const reading: PoolReading = {
        chain: subject.port,
        network: "preprod",
        contract: contractOn("preprod"),
        seats: new SeatReader("preprod"),
      };
      const t = await findAnyPool(reading, driver.pool.id as TournamentId);
      assert.ok(!isUnreadable(t));
      assert.deepEqual(t.datum.participants, driver.seats);
    });
  });
}

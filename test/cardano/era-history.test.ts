// POST /utils/network/slot-to-time and /time-to-slot through real HTTP, for every network an
// instance can serve. Expected values are the genesis constants of COMPAT-NOTES §6 and dates of
// well-known hard forks, never the code under test; both sides of every era boundary are checked.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import fc from "fast-check";
import { isDevnet } from "../../src/chain/port.js";
import { DEVNET_FALLBACK_START_MS } from "../../src/cardano/era-history.js";
import { startService, type RunningService } from "../support/service.js";

const ms = (iso: string) => Date.parse(iso);

async function slotToTime(service: RunningService, slot: unknown) {
  return service.request<"slotToTime">("POST", "/utils/network/slot-to-time", { slot });
}
async function timeToSlot(service: RunningService, time: unknown) {
  return service.request<"timeToSlot">("POST", "/utils/network/time-to-slot", { time });
}

/** slot → time pairs that must hold both ways (each time is the start of its slot). */
const ANCHORS: Record<"mainnet" | "preprod" | "preview", Array<[number, number, string]>> = {
  mainnet: [
    [0, ms("2017-09-23T21:44:51Z"), "Byron genesis"],
    [1, ms("2017-09-23T21:45:11Z"), "the second Byron slot, 20 s later"],
    [4_492_799, 1_596_059_071_000, "the last Byron slot"],
    [4_492_800, 1_596_059_091_000, "the first Shelley slot (epoch 208)"],
    [4_492_801, 1_596_059_092_000, "the second Shelley slot, 1 s later"],
    [39_916_800, ms("2021-09-12T21:44:51Z"), "Alonzo hard fork (epoch 290)"],
    [72_316_800, ms("2022-09-22T21:44:51Z"), "Vasil hard fork (epoch 365)"],
    [133_660_800, ms("2024-09-01T21:44:51Z"), "Chang hard fork (epoch 507)"],
  ],
  preprod: [
    [0, ms("2022-06-01T00:00:00Z"), "Byron genesis"],
    [1, ms("2022-06-01T00:00:20Z"), "the second Byron slot"],
    [86_399, 1_655_769_580_000, "the last Byron slot"],
    [86_400, ms("2022-06-21T00:00:00Z"), "the first Shelley slot (epoch 4)"],
    [86_401, 1_655_769_601_000, "the second Shelley slot"],
  ],
  preview: [
    [0, ms("2022-10-25T00:00:00Z"), "genesis, already Shelley"],
    [1, ms("2022-10-25T00:00:01Z"), "the second slot, 1 s later"],
    [86_400, ms("2022-10-26T00:00:00Z"), "epoch 1"],
  ],
};

/** time → slot inside slots: the slot that contains the instant. */
const INSIDE: Record<"mainnet" | "preprod" | "preview", Array<[number, number]>> = {
  mainnet: [
    [1_506_203_091_000 + 19_999, 0],
    [1_506_203_091_000 + 20_000, 1],
    [1_596_059_090_999, 4_492_799],
    [1_596_059_071_000, 4_492_799],
    [1_596_059_070_999, 4_492_798],
    [1_596_059_091_999, 4_492_800],
    [1_596_059_092_000, 4_492_801],
  ],
  preprod: [
    [1_654_041_619_999, 0],
    [1_655_769_599_999, 86_399],
    [1_655_769_600_999, 86_400],
  ],
  preview: [
    [1_666_656_000_999, 0],
    [1_666_656_001_000, 1],
  ],
};

const START: Record<"mainnet" | "preprod" | "preview", number> = {
  mainnet: 1_506_203_091_000,
  preprod: 1_654_041_600_000,
  preview: 1_666_656_000_000,
};

for (const network of ["mainnet", "preprod", "preview"] as const) {
  describe(`slot and time on ${network}`, () => {
    let service: RunningService;
    before(async () => {
      service = await startService({ NETWORK: network, AUTH: "optional" });
    });
    after(() => service?.close());

    for (const [slot, time, what] of ANCHORS[network]) {
      it(`slot ${slot} ↔ ${new Date(time).toISOString()} (${what})`, async () => {
        const toTime = await slotToTime(service, slot);
        assert.equal(toTime.status, 200, JSON.stringify(toTime.body));
        assert.deepEqual(toTime.body, { time });
        const toSlot = await timeToSlot(service, time);
        assert.equal(toSlot.status, 200, JSON.stringify(toSlot.body));
        assert.deepEqual(toSlot.body, { slot });
      });
    }

    for (const [time, slot] of INSIDE[network]) {
      it(`time ${time} lies in slot ${slot}`, async () => {
        const response = await timeToSlot(service, time);
        assert.equal(response.status, 200, JSON.stringify(response.body));
        assert.deepEqual(response.body, { slot });
      });
    }

    it("refuses a time before the network's start, naming the start", async () => {
      const response = await timeToSlot(service, START[network] - 1);
      assert.equal(response.status, 400);
      assert.equal(
        response.body.message,
        `body.time ${START[network] - 1} (${new Date(START[network] - 1).toISOString()}) is before the start of ${network} at ` +
          `${START[network]} (${new Date(START[network]).toISOString()}): no slot contains it.`,
      );
      assert.equal((await timeToSlot(service, 0)).status, 400);
    });

    it("round-trips: a slot's time lies in that slot, and every instant lies between its slot's start and the next one's", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 200_000_000 }),
          fc.integer({ min: START[network], max: START[network] + 10 * 365 * 86_400_000 }),
          async (slot, time) => {
            const start = (await slotToTime(service, slot)).body.time as number;
            assert.deepEqual((await timeToSlot(service, start)).body, { slot });
            assert.deepEqual(
              (await timeToSlot(service, start + 999)).body,
              { slot },
              "a slot lasts at least one second",
            );
            const containing = (await timeToSlot(service, time)).body.slot as number;
            const from = (await slotToTime(service, containing)).body.time as number;
            const to = (await slotToTime(service, containing + 1)).body.time as number;
            assert.ok(from <= time && time < to, `${from} <= ${time} < ${to}`);
            assert.ok(to - from === 1_000 || to - from === 20_000, "slots last 1 s or, in Byron, 20 s");
          },
        ),
        { numRuns: 25 },
      );
    });
  });
}

describe("slot and time input checks", () => {
  let service: RunningService;
  before(async () => {
    service = await startService({ NETWORK: "mainnet", AUTH: "optional" });
  });
  after(() => service?.close());

  const CASES: Array<[string, string, unknown, RegExp]> = [
    ["a negative slot", "slot", -1, /^body\.slot must be >= 0/],
    ["a fractional slot", "slot", 4_492_800.5, /^body\.slot must be integer/],
    ["a slot as text", "slot", "4492800", /^body\.slot must be integer/],
    ["an unsafe slot", "slot", 2 ** 53, /^body\.slot must be <= 9007199254740991/],
    ["a slot whose time would be unsafe", "slot", Number.MAX_SAFE_INTEGER, /^body\.slot 9007199254740991 is too large/],
    ["a negative time", "time", -1, /^body\.time must be >= 0/],
    ["a fractional time", "time", 1_596_059_091_000.5, /^body\.time must be integer/],
    ["a time as text", "time", "1596059091000", /^body\.time must be integer/],
    ["an unsafe time", "time", 2 ** 60, /^body\.time must be <= 9007199254740991/],
  ];
  for (const [what, field, value, message] of CASES) {
    it(`refuses ${what} with 400 naming body.${field}`, async () => {
      const path = field === "slot" ? "/utils/network/slot-to-time" : "/utils/network/time-to-slot";
      const response = await service.request<"error">("POST", path, { [field]: value });
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.match(response.body.message, message);
    });
  }

  it("refuses a body without the field", async () => {
    assert.equal(
      (await service.request<"slotToTime">("POST", "/utils/network/slot-to-time", {})).body.message,
      "body.slot is required.",
    );
    assert.equal(
      (await service.request<"timeToSlot">("POST", "/utils/network/time-to-slot", { slot: 1 })).body.message,
      "body.time is required.",
    );
  });
});

describe("slot and time on the devnet", () => {
  it("follows the devnet's own start, one slot per second, and agrees with its tip", async () => {
    const service = await startService({ NETWORK: "devnet" });
    try {
      const chain = service.app.chain;
      assert.ok(chain && isDevnet(chain), "the devnet backend is a DevnetPort");
      const start = chain.systemStartMs;
      assert.deepEqual((await slotToTime(service, 0)).body, { time: start });
      assert.deepEqual((await slotToTime(service, 3_600)).body, { time: start + 3_600_000 });
      assert.deepEqual((await timeToSlot(service, start + 3_600_999)).body, { slot: 3_600 });
      const before = await timeToSlot(service, start - 1);
      assert.equal(before.status, 400);
      assert.match(before.body.message, /is before the start of devnet/);
      // The devnet's own clock and the era history agree on the time of its tip.
      const tip = await chain.tip();
      assert.deepEqual((await slotToTime(service, tip.slot)).body, { time: tip.time });
      assert.deepEqual((await timeToSlot(service, tip.time)).body, { slot: tip.slot });
    } finally {
      await service.close();
    }
  });

  it("without a devnet backend, converts from the documented fallback start", async () => {
    const service = await startService({ NETWORK: "devnet" }, { chain: null });
    try {
      assert.equal(DEVNET_FALLBACK_START_MS, Date.parse("2024-01-01T00:00:00Z"));
      assert.deepEqual((await slotToTime(service, 0)).body, { time: DEVNET_FALLBACK_START_MS });
      assert.deepEqual((await timeToSlot(service, DEVNET_FALLBACK_START_MS + 86_400_000)).body, { slot: 86_400 });
    } finally {
      await service.close();
    }
  });
});

// POST /utils/native-scripts/serialize and /parse through real HTTP, cross-checked against Emurgo's
// cardano-serialization-lib (CSL): for every node type and for random scripts, both directions give
// the same CBOR bytes and the same policy ID, which is also recomputed here as blake2b-224(0x00 ‖ CBOR).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import CSL from "@emurgo/cardano-serialization-lib-nodejs";
import { blake2b } from "@noble/hashes/blake2b";
import fc from "fast-check";
import { startService, type RunningService } from "../support/service.js";

type Node =
  | { type: "sig"; keyHash: string }
  | { type: "all" | "any"; scripts: Node[] }
  | { type: "atLeast"; required: number; scripts: Node[] }
  | { type: "before" | "after"; slot: number };

const big = (n: number) => CSL.BigNum.from_str(String(n));

/** The same script built with CSL's own constructors. */
function toCsl(node: Node): CSL.NativeScript {
  const list = (scripts: Node[]) => {
    const out = CSL.NativeScripts.new();
    for (const script of scripts) out.add(toCsl(script));
    return out;
  };
  switch (node.type) {
    case "sig":
      return CSL.NativeScript.new_script_pubkey(CSL.ScriptPubkey.new(CSL.Ed25519KeyHash.from_hex(node.keyHash)));
    case "all":
      return CSL.NativeScript.new_script_all(CSL.ScriptAll.new(list(node.scripts)));
    case "any":
      return CSL.NativeScript.new_script_any(CSL.ScriptAny.new(list(node.scripts)));
    case "atLeast":
      return CSL.NativeScript.new_script_n_of_k(CSL.ScriptNOfK.new(node.required, list(node.scripts)));
    case "before":
      return CSL.NativeScript.new_timelock_expiry(CSL.TimelockExpiry.new_timelockexpiry(big(node.slot)));
    case "after":
      return CSL.NativeScript.new_timelock_start(CSL.TimelockStart.new_timelockstart(big(node.slot)));
  }
}

/** CSL's reading of a script, as the API's JSON. */
function fromCsl(script: CSL.NativeScript): Node {
  const list = (scripts: CSL.NativeScripts) => Array.from({ length: scripts.len() }, (_, i) => fromCsl(scripts.get(i)));
  switch (script.kind()) {
    case CSL.NativeScriptKind.ScriptPubkey:
      return { type: "sig", keyHash: script.as_script_pubkey()!.addr_keyhash().to_hex() };
    case CSL.NativeScriptKind.ScriptAll:
      return { type: "all", scripts: list(script.as_script_all()!.native_scripts()) };
    case CSL.NativeScriptKind.ScriptAny:
      return { type: "any", scripts: list(script.as_script_any()!.native_scripts()) };
    case CSL.NativeScriptKind.ScriptNOfK: {
      const nOfK = script.as_script_n_of_k()!;
      return { type: "atLeast", required: nOfK.n(), scripts: list(nOfK.native_scripts()) };
    }
    case CSL.NativeScriptKind.TimelockStart:
      return { type: "after", slot: Number(script.as_timelock_start()!.slot_bignum().to_str()) };
    case CSL.NativeScriptKind.TimelockExpiry:
      return { type: "before", slot: Number(script.as_timelock_expiry()!.slot_bignum().to_str()) };
  }
}

/** blake2b-224 of 0x00 ‖ script bytes: the policy ID by its definition. */
const policyIdOf = (cborHex: string): string =>
  Buffer.from(blake2b(Buffer.concat([Buffer.from([0]), Buffer.from(cborHex, "hex")]), { dkLen: 28 })).toString("hex");

const K1 = "e09d36c79dec9bd1b3d9e152247701cd0bb860b5ebfd1de8abb6735a";
const K2 = "a96da581c39549aeda81f539ac3940ac0cb53657e774ca7e68f15ed9";
const K3 = "ccfcb3fed004562be1354c837a4a4b9f4b1c2b6705229efeedd12d4d";
const sig = (keyHash: string): Node => ({ type: "sig", keyHash });

/** One script per node type, alone and combined, edge values included. */
const EXAMPLES: Array<[string, Node]> = [
  ["sig", sig(K1)],
  ["before", { type: "before", slot: 123_456_789 }],
  ["after", { type: "after", slot: 4_492_800 }],
  ["before at slot 0", { type: "before", slot: 0 }],
  ["after at the largest safe slot", { type: "after", slot: Number.MAX_SAFE_INTEGER }],
  ["all", { type: "all", scripts: [sig(K1), sig(K2)] }],
  ["any", { type: "any", scripts: [sig(K1), sig(K2), sig(K3)] }],
  ["atLeast 2 of 3", { type: "atLeast", required: 2, scripts: [sig(K1), sig(K2), sig(K3)] }],
  ["atLeast 0 of 0", { type: "atLeast", required: 0, scripts: [] }],
  ["empty all", { type: "all", scripts: [] }],
  ["empty any", { type: "any", scripts: [] }],
  ["a time-locked policy", { type: "all", scripts: [sig(K1), { type: "before", slot: 99_999_999 }] }],
  [
    "a nested treasury",
    {
      type: "any",
      scripts: [
        { type: "all", scripts: [sig(K1), { type: "after", slot: 1_000 }, { type: "before", slot: 2_000 }] },
        {
          type: "atLeast",
          required: 2,
          scripts: [sig(K1), sig(K2), { type: "any", scripts: [sig(K3), { type: "after", slot: 5 }] }],
        },
      ],
    },
  ],
];

const nest = (levels: number): Node => {
  let node: Node = sig(K1);
  for (let i = 1; i < levels; i++) node = { type: "all", scripts: [node] };
  return node;
};

describe("native script utilities", () => {
  let service: RunningService;
  before(async () => {
    service = await startService({ NETWORK: "preprod", AUTH: "optional" });
  });
  after(() => service?.close());

  for (const [name, schema] of EXAMPLES) {
    it(`${name}: serialize gives CSL's bytes and policy ID, and parse reads them back`, async () => {
      const csl = toCsl(schema);
      const serialized = await service.request<"serializeNativeScript">("POST", "/utils/native-scripts/serialize", {
        schema,
      });
      assert.equal(serialized.status, 200, JSON.stringify(serialized.body));
      assert.equal(serialized.body.script, csl.to_hex());
      assert.equal(serialized.body.policyId, csl.hash().to_hex());
      assert.equal(serialized.body.policyId, policyIdOf(csl.to_hex()));

      const parsed = await service.request<"parseNativeScript">("POST", "/utils/native-scripts/parse", {
        script: csl.to_hex(),
      });
      assert.equal(parsed.status, 200, JSON.stringify(parsed.body));
      assert.deepEqual(parsed.body, { policyId: csl.hash().to_hex(), schema });
      // And CSL reads our bytes as the same script.
      assert.deepEqual(fromCsl(CSL.NativeScript.from_hex(serialized.body.script)), schema);
    });
  }

  it("before is the ledger's InvalidHereafter (tag 5) and after its InvalidBefore (tag 4)", async () => {
    const before = await service.request<"serializeNativeScript">("POST", "/utils/native-scripts/serialize", {
      schema: { type: "before", slot: 10 },
    });
    const afterSlot = await service.request<"serializeNativeScript">("POST", "/utils/native-scripts/serialize", {
      schema: { type: "after", slot: 10 },
    });
    assert.equal(before.body.script, "82050a");
    assert.equal(afterSlot.body.script, "82040a");
    assert.equal(CSL.NativeScript.from_hex(before.body.script).kind(), CSL.NativeScriptKind.TimelockExpiry);
    assert.equal(CSL.NativeScript.from_hex(afterSlot.body.script).kind(), CSL.NativeScriptKind.TimelockStart);
  });

  it("random scripts: both directions agree with CSL byte for byte", async () => {
    const keyHash = fc.uint8Array({ minLength: 28, maxLength: 28 }).map((b) => Buffer.from(b).toString("hex"));
    const slot = fc.oneof(fc.nat(), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }));
    const { node } = fc.letrec<{ node: Node }>((tie) => ({
      node: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        keyHash.map((k): Node => ({ type: "sig", keyHash: k })),
        slot.map((s): Node => ({ type: "before", slot: s })),
        slot.map((s): Node => ({ type: "after", slot: s })),
        fc.array(tie("node"), { maxLength: 4 }).map((scripts): Node => ({ type: "all", scripts })),
        fc.array(tie("node"), { maxLength: 4 }).map((scripts): Node => ({ type: "any", scripts })),
        fc
          .array(tie("node"), { maxLength: 4 })
          .chain((scripts) =>
            fc
              .integer({ min: 0, max: scripts.length })
              .map((required): Node => ({ type: "atLeast", required, scripts })),
          ),
      ),
    }));
    await fc.assert(
      fc.asyncProperty(node, async (schema) => {
        const csl = toCsl(schema);
        const serialized = await service.request<"serializeNativeScript">("POST", "/utils/native-scripts/serialize", {
          schema,
        });
        assert.equal(serialized.status, 200, JSON.stringify(serialized.body));
        assert.deepEqual(serialized.body, { policyId: csl.hash().to_hex(), script: csl.to_hex() });
        const parsed = await service.request<"parseNativeScript">("POST", "/utils/native-scripts/parse", {
          script: csl.to_hex(),
        });
        assert.deepEqual(parsed.body, { policyId: csl.hash().to_hex(), schema });
      }),
      { numRuns: 60 },
    );
  });

  it("accepts upper-case key hashes and answers them in lower case", async () => {
    const response = await service.request<"serializeNativeScript">("POST", "/utils/native-scripts/serialize", {
      schema: sig(K1.toUpperCase()),
    });
    assert.equal(response.status, 200);
    assert.equal(response.body.script, toCsl(sig(K1)).to_hex());
  });

  it("nests up to 32 levels, and refuses 33 naming the node", async () => {
    const ok = await service.request<"serializeNativeScript">("POST", "/utils/native-scripts/serialize", {
      schema: nest(32),
    });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.script, toCsl(nest(32)).to_hex());
    const parsed = await service.request<"parseNativeScript">("POST", "/utils/native-scripts/parse", {
      script: ok.body.script,
    });
    assert.deepEqual(parsed.body.schema, nest(32));

    const tooDeep = await service.request<"serializeNativeScript">("POST", "/utils/native-scripts/serialize", {
      schema: nest(33),
    });
    assert.equal(tooDeep.status, 400);
    assert.match(
      tooDeep.body.message,
      new RegExp(
        `^body\\.schema${"\\.scripts\\[0\\]".repeat(32)} is nested 33 levels deep; native scripts may nest at most 32 levels\\.$`,
      ),
    );
    const parsedTooDeep = await service.request<"parseNativeScript">("POST", "/utils/native-scripts/parse", {
      script: toCsl(nest(33)).to_hex(),
    });
    assert.equal(parsedTooDeep.status, 400);
    assert.equal(
      parsedTooDeep.body.message,
      "body.script is nested deeper than 32 script levels, the most this service reads.",
    );
  });

  it("refuses a script of thousands of levels quickly, before decoding it", async () => {
    const script = "820181".repeat(50_000) + "8200581c" + K1;
    const started = Date.now();
    const response = await service.request<"parseNativeScript">("POST", "/utils/native-scripts/parse", { script });
    assert.equal(response.status, 400);
    // The CBOR limits (src/cardano/cbor-limits.ts) refuse it before the script's own shape check.
    assert.equal(response.body.code, "SVC_ERR_CBOR_LIMIT");
    assert.equal(response.body.message, "body.script nests deeper than 128 levels, the limit on CBOR nesting depth.");
    // Decoding 50,000 levels with the SDK would take minutes; refusing first takes milliseconds.
    // The bound only tells the two apart on a loaded machine: speed itself is measured in bench/.
    assert.ok(Date.now() - started < 20_000, "refused before decoding");
  });

  it("parse reads an atLeast that can never be satisfied (the ledger accepts it), which serialize refuses", async () => {
    const schema: Node = { type: "atLeast", required: 2, scripts: [sig(K1)] };
    const csl = toCsl(schema);
    const parsed = await service.request<"parseNativeScript">("POST", "/utils/native-scripts/parse", {
      script: csl.to_hex(),
    });
    assert.equal(parsed.status, 200, JSON.stringify(parsed.body));
    assert.deepEqual(parsed.body, { policyId: csl.hash().to_hex(), schema });
    const serialized = await service.request<"serializeNativeScript">("POST", "/utils/native-scripts/serialize", {
      schema,
    });
    assert.equal(serialized.status, 400);
  });

  it("keeps the policy ID of a non-canonical encoding: the hash of the bytes as given", async () => {
    // [1, [_ [0, K1] ]]: the sub-script list in indefinite-length form, which the ledger accepts.
    const script = `82019f8200581c${K1}ff`;
    const response = await service.request<"parseNativeScript">("POST", "/utils/native-scripts/parse", { script });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(response.body.schema, { type: "all", scripts: [sig(K1)] });
    assert.equal(response.body.policyId, policyIdOf(script));
    assert.notEqual(
      response.body.policyId,
      toCsl({ type: "all", scripts: [sig(K1)] })
        .hash()
        .to_hex(),
    );
  });

  describe("serialize refuses a wrong schema with 400 naming the node", () => {
    const CASES: Array<[string, unknown, string | RegExp]> = [
      [
        "atLeast requiring more than it has",
        { type: "atLeast", required: 3, scripts: [sig(K1), sig(K2)] },
        "body.schema.required is 3 but there are only 2 scripts: the script could never be satisfied.",
      ],
      [
        "a nested atLeast requiring too many",
        { type: "all", scripts: [sig(K1), { type: "atLeast", required: 1, scripts: [] }] },
        "body.schema.scripts[1].required is 1 but there are only 0 scripts: the script could never be satisfied.",
      ],
      [
        "a short key hash",
        { type: "any", scripts: [sig(K1), sig(K2.slice(2))] },
        "body.schema.scripts[1].keyHash must be a 28-byte key hash: 56 hex digits.",
      ],
      ["a non-hex key hash", sig("z".repeat(56)), "body.schema.keyHash must be a 28-byte key hash: 56 hex digits."],
      [
        "an unknown type",
        { type: "all", scripts: [{ type: "timelock", slot: 5 }] },
        'body.schema.scripts[0].type must be one of sig, all, any, atLeast, before, after; got "timelock".',
      ],
      [
        "a missing type",
        { scripts: [] },
        "body.schema.type must be one of sig, all, any, atLeast, before, after; got nothing.",
      ],
      ["a missing scripts list", { type: "any" }, "body.schema.scripts must be an array of native script nodes."],
      ["a missing slot", { type: "before" }, /^body\.schema\.slot must be a non-negative whole number/],
      ["a negative slot", { type: "after", slot: -1 }, /^body\.schema\.slot must be a non-negative whole number/],
      ["a fractional slot", { type: "after", slot: 1.5 }, /^body\.schema\.slot must be a non-negative whole number/],
      ["a slot as text", { type: "before", slot: "100" }, /^body\.schema\.slot must be a non-negative whole number/],
      [
        "an unsafe slot",
        { type: "before", slot: 2 ** 60 },
        /^body\.schema\.slot must be a non-negative whole number no larger than 9007199254740991/,
      ],
      [
        "a fractional required",
        { type: "atLeast", required: 0.5, scripts: [] },
        "body.schema.required must be a non-negative whole number.",
      ],
      [
        "an unknown field",
        { type: "sig", keyHash: K1, slot: 3 },
        'body.schema has an unknown field "slot" for a "sig" node (it takes type, keyHash).',
      ],
      [
        "a node that is not an object",
        { type: "all", scripts: [K1] },
        'body.schema.scripts[0] must be a native script node: an object with a "type".',
      ],
    ];
    for (const [what, schema, message] of CASES) {
      it(what, async () => {
        const response = await service.request<"serializeNativeScript">("POST", "/utils/native-scripts/serialize", {
          schema,
        });
        assert.equal(response.status, 400, JSON.stringify(response.body));
        if (typeof message === "string") assert.equal(response.body.message, message);
        else assert.match(response.body.message, message);
      });
    }

    it("a body without schema, or a bare script, is refused naming body.schema", async () => {
      const missing = await service.request<"serializeNativeScript">("POST", "/utils/native-scripts/serialize", {});
      assert.equal(missing.status, 400);
      assert.equal(missing.body.message, "body.schema is required.");
      const bare = await service.request<"serializeNativeScript">("POST", "/utils/native-scripts/serialize", sig(K1));
      assert.equal(bare.status, 400);
      assert.equal(bare.body.message, "body.schema is required.");
    });

    it("more than 1000 nodes is refused", async () => {
      const schema = { type: "any", scripts: Array.from({ length: 1000 }, (_, i) => ({ type: "after", slot: i })) };
      const response = await service.request<"serializeNativeScript">("POST", "/utils/native-scripts/serialize", {
        schema,
      });
      assert.equal(response.status, 400);
      assert.equal(
        response.body.message,
        "body.schema.scripts[999] is one node too many: a native script may have at most 1000 nodes.",
      );
    });
  });

  describe("parse refuses what is not one native script with 400 naming body.script", () => {
    const sigHex = toCsl(sig(K1)).to_hex();
    const CASES: Array<[string, string, RegExp]> = [
      ["odd hex", sigHex.slice(0, -1), /^body\.script is invalid: |^body\.script must be CBOR as hex/],
      ["not hex", "zz", /^body\.script is invalid: |^body\.script must be CBOR as hex/],
      // Malformed CBOR is refused by the CBOR limits' scan (src/cardano/cbor-limits.ts), before any decoder reads it.
      ["trailing bytes", `${sigHex}00`, /^body\.script is not well-formed CBOR: 1 bytes follow the CBOR item\.$/],
      ["two scripts", sigHex + sigHex, /^body\.script is not well-formed CBOR: 32 bytes follow the CBOR item\.$/],
      [
        "a truncated script",
        sigHex.slice(0, -4),
        /^body\.script is not well-formed CBOR: a string declares 28 bytes where 26 remain\.$/,
      ],
      [
        "a missing element",
        "8201",
        /^body\.script is not well-formed CBOR: an array declares 2 items where 1 bytes remain\.$/,
      ],
      ["a map", "a0", /^body\.script does not decode as a native script: it holds a CBOR StartMap/],
      ["an unknown script tag", "820680", /^body\.script does not decode as a native script: .*6/],
      ["a short key hash", `8200581b${K1.slice(2)}`, /^body\.script does not decode as a native script: .*56/],
      [
        "a text string",
        "8200781c" + "61".repeat(28),
        /^body\.script does not decode as a native script: it holds a CBOR TextString/,
      ],
      [
        "a slot beyond 2^53 - 1",
        "82051bffffffffffffffff",
        /^body\.script decodes to a native script whose node schema has a slot larger than 9007199254740991/,
      ],
      [
        "a nested slot beyond 2^53 - 1",
        "8201828200581c" + K1 + "82041b0020000000000000",
        /^body\.script decodes to a native script whose node schema\.scripts\[1\] has a slot larger than 9007199254740991/,
      ],
    ];
    for (const [what, script, message] of CASES) {
      it(what, async () => {
        const response = await service.request<"parseNativeScript">("POST", "/utils/native-scripts/parse", { script });
        assert.equal(response.status, 400, JSON.stringify(response.body));
        assert.match(response.body.message, message);
      });
    }

    it("CSL refuses the same malformed scripts (they are really malformed)", () => {
      for (const hex of ["a0", "820680", `8200581b${K1.slice(2)}`]) assert.throws(() => CSL.NativeScript.from_hex(hex));
    });
  });
});

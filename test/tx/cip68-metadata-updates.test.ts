// cip68MetadataUpdates in POST /transactions/build, on the devnet: the hosted API's
// documentation-references/cip68-treasury-update-meta.ts replayed after a mint as its cip68.ts
// makes one (a time-locked native policy; the reference token to the metadata manager's address,
// the user token to the customer). The treasury pays the fee from the utxos it sends, the
// manager's key input is the reference token's output, re-created with the new datum; both sign,
// as the example signs. Its helpers (createNativeScript, timeToSlot, getKeyhash) call the service's
// utility endpoints, as they call the hosted API's; the policy expires a day after the devnet's
// now rather than on the example's 2026-01-01. Then the refusals: a token never minted, a burnt
// one, a user token's name, another action, a reference token held with a datum hash.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startService, type RunningService } from "../support/service.js";
import type { Named } from "../support/api.js";
import { submitRejected } from "../support/transactions-api.js";
import {
  datumJson,
  feeOf,
  inputsOf,
  nativeScriptHashesOf,
  oneLovelaceLess,
  requiredSignersOf,
} from "../support/tx-decode.js";
import { outputsOf, quantityOf, totalLovelace, totalOf, utxosAt, utxoStringsAt } from "../support/utxos.js";
import { fund, newStakeWallet, type TestWallet } from "../support/wallets.js";

const hex = (text: string) => Buffer.from(text, "utf8").toString("hex");
const bytes = (text: string) => ({ bytes: hex(text) });

describe("cip68MetadataUpdates (the hosted API's cip68-treasury-update-meta.ts) on the devnet", () => {
  let service: RunningService;
  let customer: TestWallet;
  let treasury: TestWallet;
  let policyWallet: TestWallet;
  let metaManager: TestWallet;
  let nativeScript: { type: string; script: object; hash: string };
  let counter: number;
  let assetName: string;
  let refUnit: string;

  const post = <K extends Named = never>(path: string, body: unknown) => service.request<K>("POST", path, body);

  // utils/shared.ts of the examples, against this service.
  async function timeToSlot(date: Date): Promise<number> {
    const response = await post<"timeToSlot">("/utils/network/time-to-slot", { time: date.getTime() });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.slot;
  }
  async function getKeyhash(bech32Address: string): Promise<string> {
    const response = await post<"parseAddress">("/utils/addresses/parse", { address: bech32Address });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.payment!;
  }
  async function createNativeScript(keyHash: string, ttl: number) {
    const policyScriptSchema = {
      type: "all",
      scripts: [
        { type: "sig", keyHash },
        { type: "before", slot: ttl },
      ],
    };
    const response = await post<"serializeNativeScript">("/utils/native-scripts/serialize", {
      schema: policyScriptSchema,
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return { type: "simple", script: policyScriptSchema, hash: response.body.policyId };
  }

  /** Signs with each wallet in turn (CSL FixedTransaction) and submits `{transaction}`; answers the tx hash. */
  async function signAndSubmit(complete: string, signers: readonly TestWallet[]): Promise<string> {
    let tx = complete;
    for (const signer of signers) tx = await signer.sign(tx);
    const submitted = await post<"submitTransaction">("/transactions/submit", { transaction: tx });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    return submitted.body.txHash;
  }

  /** cip68.ts: the pair minted, the reference token (with `metadata`) to the manager, the user token to the customer. */
  async function mintPair(name: string, metadata: object): Promise<string> {
    const built = await post<"buildTransaction">("/transactions/build", {
      changeAddress: customer.address,
      mint: [
        {
          version: "cip68",
          assetName: { name, format: "utf8", label: 100 },
          metadata,
          policyId: nativeScript.hash,
          quantity: 1,
          destAddress: metaManager.address,
        },
        {
          version: "cip68",
          assetName: { name, format: "utf8", label: 222 },
          policyId: nativeScript.hash,
          quantity: 1,
          destAddress: customer.address,
        },
      ],
      preloadedScripts: [nativeScript],
    });
    assert.equal(built.status, 200, JSON.stringify(built.body));
    return signAndSubmit(built.body.complete, [policyWallet, customer]);
  }

  /** The example's build body for `assetNameHex`. */
  const updateBody = async (assetNameHex: string, extra: Record<string, unknown> = {}) => ({
    changeAddress: treasury.address,
    utxos: await utxoStringsAt(service, treasury.address),
    cip68MetadataUpdates: [
      {
        policyId: nativeScript.hash,
        assetName: assetNameHex,
        metadata: {
          name: "New Updated Name",
          description: "This is the updated description for the CIP-68 asset.",
          image: "ipfs://new-image-hash-goes-here",
        },
        action: "update",
        ...extra,
      },
    ],
    preloadedScripts: [{ type: "simple", script: nativeScript.script, hash: nativeScript.hash }],
  });

  const expect400 = async (body: unknown, pattern: RegExp) => {
    const response = await post<"error">("/transactions/build", body);
    assert.equal(response.status, 400, JSON.stringify(response.body));
    assert.match(response.body.message, pattern);
  };

  before(async () => {
    service = await startService();
    customer = newStakeWallet().paymentOnly;
    treasury = newStakeWallet().paymentOnly;
    policyWallet = newStakeWallet().paymentOnly;
    metaManager = newStakeWallet().paymentOnly;
    await fund(service, customer.address, 50_000_000);
    await fund(service, treasury.address, 30_000_000);
    await fund(service, treasury.address, 20_000_000);
    const now = (await service.request<"getHealth">("GET", "/health")).body.tip!.time;
    const slot = await timeToSlot(new Date(now + 86_400_000));
    const keyhash = await getKeyhash(policyWallet.address);
    nativeScript = await createNativeScript(keyhash, slot);
    counter = new Date().getTime();
    assetName = `000643b0${hex(`anvilapicip68_${counter}`)}`;
    refUnit = nativeScript.hash + assetName;
  });
  after(() => service.close());

  it("cip68.ts: mints the pair, the reference token to the metadata manager with the CIP-68 datum", async () => {
    const txHash = await mintPair(`anvilapicip68_${counter}`, {
      name: `anvil-api-${counter}`,
      image: ["https://ada-anvil.s3.ca-central-1.amazonaws.com/", "logo_pres_V2_3.png"],
      mediaType: "image/png",
      description: "Testing CIP-68 using anvil API",
    });
    const [reference] = outputsOf(await utxosAt(service, metaManager.address), txHash);
    assert.equal(quantityOf(reference!, refUnit), 1n);
    assert.equal(
      totalOf(
        await utxosAt(service, customer.address),
        `${nativeScript.hash}000de140${hex(`anvilapicip68_${counter}`)}`,
      ),
      1n,
    );
  });

  it("cip68-treasury-update-meta.ts: re-creates the reference output with the new datum, the treasury paying the exact fee", async () => {
    const [old] = (await utxosAt(service, metaManager.address)).filter((u) => quantityOf(u, refUnit) === 1n);
    assert.ok(old);
    const treasuryBefore = totalLovelace(await utxosAt(service, treasury.address));
    const buildResponse = await post<"buildTransaction">("/transactions/build", await updateBody(assetName));
    assert.equal(buildResponse.status, 200, JSON.stringify(buildResponse.body));
    const buildJson = buildResponse.body as { complete: string; fee: string; hash: string };
    assert.ok(
      inputsOf(buildJson.complete).includes(`${old.input.txHash}#${old.input.outputIndex}`),
      "the reference output is spent",
    );
    assert.deepEqual(requiredSignersOf(buildJson.complete), [], "the manager signs as the owner of a key input");
    assert.deepEqual(
      nativeScriptHashesOf(buildJson.complete),
      [],
      "nothing is minted: the preloaded policy script is not attached",
    );
    assert.equal(feeOf(buildJson.complete), BigInt(buildJson.fee));

    // One lovelace less fee, both signatures: the ledger refuses it, so the fee counts the manager's.
    const cheaper = { ...buildJson, complete: oneLovelaceLess(buildJson.complete, treasury.address) } as never;
    assert.match(await submitRejected(service, cheaper, [metaManager, treasury]), /fee/i);
    const txHash = await signAndSubmit(buildJson.complete, [metaManager, treasury]);

    const atManager = await utxosAt(service, metaManager.address);
    assert.equal(
      atManager.some((u) => u.input.txHash === old.input.txHash),
      false,
      "the old reference output is spent",
    );
    const [updated, ...others] = outputsOf(atManager, txHash);
    assert.equal(others.length, 0);
    assert.equal(updated!.input.outputIndex, 0);
    assert.deepEqual(updated!.output.amount, old.output.amount, "the same value");
    const expected: unknown = {
      constructor: 0,
      fields: [
        {
          map: [
            { k: bytes("name"), v: bytes("New Updated Name") },
            { k: bytes("description"), v: bytes("This is the updated description for the CIP-68 asset.") },
            { k: bytes("image"), v: bytes("ipfs://new-image-hash-goes-here") },
          ],
        },
        { int: 1 },
        { constructor: 0, fields: [] },
      ],
    };
    // The metadata replaced; version 1 and the empty extra of the mint's datum kept.
    assert.deepEqual(datumJson(updated!.output.plutusData!), expected);
    assert.equal(
      totalLovelace(await utxosAt(service, treasury.address)),
      treasuryBefore - BigInt(buildJson.fee),
      "the treasury pays the fee alone",
    );
  });

  it("refuses a token never minted, a user token's name and another action, naming the field (400)", async () => {
    await expect400(
      await updateBody(`000643b0${hex("never-minted")}`),
      /body\.cip68MetadataUpdates\[0\]\.assetName: no output on chain has held/,
    );
    await expect400(
      await updateBody(`000de140${hex(`anvilapicip68_${counter}`)}`),
      /body\.cip68MetadataUpdates\[0\]\.assetName is not the name of a CIP-68 reference token/,
    );
    await expect400(
      await updateBody(assetName, { action: "delete" }),
      /body\.cip68MetadataUpdates\[0\]\.action is "delete": "update" is the only action/,
    );
    await expect400(
      await updateBody(assetName, { metadata: "text" }),
      /body\.cip68MetadataUpdates\[0\]\.metadata must be an object/,
    );
  });

  it("refuses a burnt reference token (400 naming assetName)", async () => {
    const name = `burnt_${counter}`;
    await mintPair(name, { name });
    const unit = `${nativeScript.hash}000643b0${hex(name)}`;
    const [reference] = (await utxosAt(service, metaManager.address)).filter((u) => quantityOf(u, unit) === 1n);
    const referenceString = (await utxoStringsAt(service, metaManager.address)).find((s) =>
      s.includes(`000643b0${hex(name)}`),
    );
    assert.ok(reference && referenceString);
    // The reference output pays the fee itself: only the policy key and the manager sign.
    const burn = await post<"buildTransaction">("/transactions/build", {
      changeAddress: metaManager.address,
      mint: [
        {
          version: "cip68",
          assetName: { name, format: "utf8", label: 100 },
          policyId: nativeScript.hash,
          quantity: -1,
        },
      ],
      requiredInputs: [referenceString],
      preloadedScripts: [nativeScript],
    });
    assert.equal(burn.status, 200, JSON.stringify(burn.body));
    await signAndSubmit(burn.body.complete, [policyWallet, metaManager]);
    await expect400(
      await updateBody(`000643b0${hex(name)}`),
      /body\.cip68MetadataUpdates\[0\]\.assetName: .* is burnt/,
    );
  });

  it("refuses a reference token held with only a datum hash (400)", async () => {
    const name = `hashed_${counter}`;
    const built = await post<"buildTransaction">("/transactions/build", {
      changeAddress: customer.address,
      mint: [
        { version: "cip68", assetName: { name, format: "utf8", label: 100 }, policyId: nativeScript.hash, quantity: 1 },
        { version: "cip68", assetName: { name, format: "utf8", label: 222 }, policyId: nativeScript.hash, quantity: 1 },
      ],
      outputs: [
        {
          address: metaManager.address,
          assets: [{ policyId: nativeScript.hash, assetName: { name, format: "utf8", label: 100 }, quantity: 1 }],
          datum: {
            type: "hash",
            value: {
              constructor: 0,
              fields: [{ map: [{ k: bytes("name"), v: bytes(name) }] }, { int: 1 }, { constructor: 0, fields: [] }],
            },
          },
        },
      ],
      preloadedScripts: [nativeScript],
    });
    assert.equal(built.status, 200, JSON.stringify(built.body));
    await signAndSubmit(built.body.complete, [policyWallet, customer]);
    await expect400(
      await updateBody(`000643b0${hex(name)}`),
      /body\.cip68MetadataUpdates\[0\]: .* with only its datum's hash/,
    );
  });
});

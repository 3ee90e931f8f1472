// Realistic examples for the OpenAPI description (the docs page shows them and pre-fills "Try it
// out" with the request examples): requests and answers recorded from a fresh devnet, with real
// bech32 addresses, transaction ids and CBOR. Blueprint and validator examples live in
// blueprints/examples.ts.
//
// What "Try it out" does with them on a fresh devnet:
// - health, the utilities (addresses, native scripts, slot ↔ time) and the devnet faucet and clock
//   answer 200 as they are;
// - POST /transactions/build's example spends from EXAMPLE_ADDRESS, which a fresh devnet has not
//   funded: it answers 400 TX_ERR_INSUFFICIENT_FUNDS ("Fund the change address…") until the
//   faucet's example (which funds that very address) has run, and 200 after it;
// - the submit, tournament and chain-query examples name transactions, UTxOs and a tournament of
//   the devnet they were recorded on: on another devnet they answer the 4xx their error examples
//   show (a UTxO the ledger does not know, no such tournament).
import type { ErrorExample, ErrorExamples } from "../schemas.js";
import { HELLO_WORLD_HASH } from "./blueprints/examples.js";

/** A testnet base address (the hosted API's examples' one), unfunded on a fresh devnet until the faucet example runs. */
export const EXAMPLE_ADDRESS =
  "addr_test1qzlc4t5df7pq2kzaud72lqpzlku5geuk5mfhlmfhzq6yg6kd934hmw7k5zpx4zff9l6uvwu989hq2ylyxdne0zey502s9x624y";
/** The tournament examples' admin and player (testnet enterprise addresses). */
export const EXAMPLE_ADMIN = "addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej";
export const EXAMPLE_PLAYER = "addr_test1vr75dew8ess84ya8zvt8en6fcx0ms6daez39prvc9vltukq0ct42e";

/** The tournament of the examples. */
export const TOURNAMENT_ID = "66ac81915c1bf1440855d2f77e3b2d7b2017979ad23c86a9cb567d3188f5131c";

/** A transaction of the examples (BUILD_ANSWER's). */
export const TX_HASH = "3fedbd3f8146571a77adc1e6153fc32d735e53cf66aa0f56ce2a729ca338ce94";

/** GET /health on the devnet. */
export const HEALTH_OK = {
  status: "ok",
  network: "devnet",
  version: "0.1.0",
  backend: "devnet",
  tip: {
    slot: 15,
    time: 1795516429000,
  },
};

/** GET /health on preprod without a chain backend (503). */
export const HEALTH_DEGRADED = {
  status: "degraded",
  network: "preprod",
  version: "0.1.0",
  backend: null,
  reason: "No chain backend is configured for preprod: set BLOCKFROST_PROJECT_ID, or OGMIOS_URL and KUPO_URL.",
};

export const PARSED_ADDRESS = {
  payment: "bf8aae8d4f8205585de37caf8022fdb9446796a6d37fed371034446a",
  stake: "cd2c6b7dbbd6a0826a89292ff5c63b85396e0513e43367978b24a3d5",
};

export const ADDRESS_INFO = {
  type: "base",
  networkId: 0,
  bech32:
    "addr_test1qzlc4t5df7pq2kzaud72lqpzlku5geuk5mfhlmfhzq6yg6kd934hmw7k5zpx4zff9l6uvwu989hq2ylyxdne0zey502s9x624y",
  hex: "00bf8aae8d4f8205585de37caf8022fdb9446796a6d37fed371034446acd2c6b7dbbd6a0826a89292ff5c63b85396e0513e43367978b24a3d5",
  payment: {
    hash: "bf8aae8d4f8205585de37caf8022fdb9446796a6d37fed371034446a",
    isScript: false,
  },
  stake: {
    hash: "cd2c6b7dbbd6a0826a89292ff5c63b85396e0513e43367978b24a3d5",
    isScript: false,
  },
};

export const NATIVE_SCRIPT_JSON_REQUEST = {
  schema: {
    type: "all",
    scripts: [
      {
        type: "sig",
        keyHash: "deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e37",
      },
      {
        type: "before",
        slot: 90000000,
      },
    ],
  },
};

export const NATIVE_SCRIPT_SERIALIZED = {
  policyId: "0e058defc7fce9eb72e16ecca11b51fee4083972edcc33dcc6b25b6e",
  script: "8201828200581cdeeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e3782051a055d4a80",
};

export const NATIVE_SCRIPT_CBOR_REQUEST = {
  script: "8201828200581cdeeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e3782051a055d4a80",
};

export const NATIVE_SCRIPT_PARSED = {
  policyId: "0e058defc7fce9eb72e16ecca11b51fee4083972edcc33dcc6b25b6e",
  schema: {
    type: "all",
    scripts: [
      {
        type: "sig",
        keyHash: "deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e37",
      },
      {
        type: "before",
        slot: 90000000,
      },
    ],
  },
};

export const SLOT_TO_TIME_REQUEST = {
  slot: 1000,
};

export const SLOT_TO_TIME_ANSWER = {
  time: 1795517414000,
};

export const TIME_TO_SLOT_REQUEST = {
  time: 1893456000000,
};

export const TIME_TO_SLOT_ANSWER = {
  slot: 97939586,
};

/** A 5 ADA payment with a CIP-20 message from EXAMPLE_ADDRESS (its UTxOs read from the chain). */
export const BUILD_REQUEST = {
  changeAddress:
    "addr_test1qzlc4t5df7pq2kzaud72lqpzlku5geuk5mfhlmfhzq6yg6kd934hmw7k5zpx4zff9l6uvwu989hq2ylyxdne0zey502s9x624y",
  outputs: [
    {
      address: "addr_test1vr75dew8ess84ya8zvt8en6fcx0ms6daez39prvc9vltukq0ct42e",
      lovelace: 5000000,
    },
  ],
  message: ["Hello from the docs page"],
};

/** A build of the same payment from a funded wallet. */
export const BUILD_ANSWER = {
  hash: "3fedbd3f8146571a77adc1e6153fc32d735e53cf66aa0f56ce2a729ca338ce94",
  fee: "168845",
  complete:
    "84a600818258206d52a6446bb60a100e9911b9f1d04007f98252ea2c654efd89baebea1f07755800018282581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a004c4b4082581d60deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e371a0b9ce333021a0002938d03191c30075820da28742c89d1070a6bbb5c95205aad6123c6876e674628fafa86f31f07b559710810a0f5a11902a2a1636d736781781848656c6c6f2066726f6d2074686520646f63732070616765",
  stripped:
    "84a600818258206d52a6446bb60a100e9911b9f1d04007f98252ea2c654efd89baebea1f07755800018282581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a004c4b4082581d60deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e371a0b9ce333021a0002938d03191c30075820da28742c89d1070a6bbb5c95205aad6123c6876e674628fafa86f31f07b559710810a0f5a11902a2a1636d736781781848656c6c6f2066726f6d2074686520646f63732070616765",
  witnessSet: "a0",
  auxiliaryData: "a11902a2a1636d736781781848656c6c6f2066726f6d2074686520646f63732070616765",
};

/** That build's `complete`, with the witness set its wallet's signTx(tx, true) returned. */
export const SUBMIT_REQUEST = {
  transaction:
    "84a600818258206d52a6446bb60a100e9911b9f1d04007f98252ea2c654efd89baebea1f07755800018282581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a004c4b4082581d60deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e371a0b9ce333021a0002938d03191c30075820da28742c89d1070a6bbb5c95205aad6123c6876e674628fafa86f31f07b559710810a0f5a11902a2a1636d736781781848656c6c6f2066726f6d2074686520646f63732070616765",
  signatures: [
    "a10081825820b727c7b8633672ef6fbd06c4185355efe72a0cb8cb7731b7d4bf115905e26c115840d53d36a97fc1d1f153eb548a958df2b22f9f51a33879ffa8188260051b8941863a14828dd7ba3b53db4fe20da0968bf21eea6a19de9ce3c01a8402a06422b304",
  ],
};

export const SUBMIT_ANSWER = {
  txHash: "3fedbd3f8146571a77adc1e6153fc32d735e53cf66aa0f56ce2a729ca338ce94",
};

export const UTXOS_ANSWER = {
  utxos: [
    "828258203fedbd3f8146571a77adc1e6153fc32d735e53cf66aa0f56ce2a729ca338ce940082581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a004c4b40",
    "828258209961cd1569a397bfb1db852f54a6eda532e4d822fce31f9183a8bcdf046cd7ae0082581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a0bebc200",
  ],
  cursor: null,
};

export const FAUCET_REQUEST = {
  address:
    "addr_test1qzlc4t5df7pq2kzaud72lqpzlku5geuk5mfhlmfhzq6yg6kd934hmw7k5zpx4zff9l6uvwu989hq2ylyxdne0zey502s9x624y",
  lovelace: 100000000,
};

export const FAUCET_ANSWER = {
  txHash: "d767f6ee5fc945dd8d67bb9ea2e4850b51c790be3400f6f65b894168e35ba425",
};

export const ADVANCE_REQUEST = {
  seconds: 60,
};

export const ADVANCE_ANSWER = {
  slot: 77,
  time: 1795516491000,
};

export const CREATE_TOURNAMENT_REQUEST = {
  name: "Friday cup",
  adminAddress: "addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej",
  bracketSize: 2,
  entryFee: "5_000_000",
  payoutStructure: [15000000],
  fixedPayouts: [["addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej", 2000000]],
  utxos: [
    "828258203fedbd3f8146571a77adc1e6153fc32d735e53cf66aa0f56ce2a729ca338ce940182581d60deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e371a0b9ce333",
  ],
};

export const CREATE_TOURNAMENT_ANSWER = {
  complete:
    "84ab00818258203fedbd3f8146571a77adc1e6153fc32d735e53cf66aa0f56ce2a729ca338ce94010182a300581d70a4be546c57d06f92f477870e1ddaae7fbd995416fea481a0c3e0b9b501821a008749b6a1581ca4be546c57d06f92f477870e1ddaae7fbd995416fea481a0c3e0b9b5a1582066ac81915c1bf1440855d2f77e3b2d7b2017979ad23c86a9cb567d3188f5131c01028201d818589f9f9f4a46726964617920637570d8799fd8799f581cdeeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e37ffd87a80ff021a004c4b409f1a00e4e1c0ff9f9fd8799fd8799f581cdeeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e37ffd87a80ff1a001e8480ffff581c2ea3ce4702342f3a7b6066a7f6ea27f15fb64fafae4cc244b3c1d3041b000001a2a79e2cf8ff80ff82581d60deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e371a0b104220021a0005575d03191c6d08184d09a1581ca4be546c57d06f92f477870e1ddaae7fbd995416fea481a0c3e0b9b5a1582066ac81915c1bf1440855d2f77e3b2d7b2017979ad23c86a9cb567d3188f5131c010b582098c2c052f282ec7703f085ff649a1f8e8a5389829913ca97796e1bf2f70001470d818258203fedbd3f8146571a77adc1e6153fc32d735e53cf66aa0f56ce2a729ca338ce94011082581d60deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e371a0b5097f3111a004c4b401281825820985f7bf8c6bdf0d6af061ee37e5281009503c3cd42793428426589f640400c0f00a10581840100d8799fd8799fd8799fd8799f58203fedbd3f8146571a77adc1e6153fc32d735e53cf66aa0f56ce2a729ca338ce94ff01ffffff821a000921f31a0ac3dd76f5f6",
  hash: "71abfadaec6969b46b3aeafb766d3974f5cd0804fcdedf29db16b07e86deaab8",
  fee: "350045",
  tournamentId: "66ac81915c1bf1440855d2f77e3b2d7b2017979ad23c86a9cb567d3188f5131c",
  deposit: "7000000",
  settleBy: 1798108491000,
};

/** The tournament of CREATE_TOURNAMENT_REQUEST, settled. */
export const TOURNAMENT = {
  tournamentId: "66ac81915c1bf1440855d2f77e3b2d7b2017979ad23c86a9cb567d3188f5131c",
  name: "Friday cup",
  adminAddress: "addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej",
  bracketSize: 2,
  entryFee: "5000000",
  payoutStructure: ["15000000"],
  fixedPayouts: [["addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej", "2000000"]],
  participants: [
    "addr_test1vr75dew8ess84ya8zvt8en6fcx0ms6daez39prvc9vltukq0ct42e",
    "addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej",
  ],
  status: "settled",
  settleBy: 1798108491000,
  deposit: "7000000",
  outputRef: "288fa5ee15df0d57f87ee17782b2aae820cc0392c4565356fed07a8337370aaf#0",
  lovelace: "18866230",
  contractTitle: "cardano-tx-service/tournament",
  contractVersion: "2.1.0",
  policyId: "a4be546c57d06f92f477870e1ddaae7fbd995416fea481a0c3e0b9b5",
  registrationAddress: "addr_test1wqh28nj8qg6z7wnmvpn20ah2ylc4ldj047hyesjyk0qaxpq9p47sj",
  exitRule:
    "Until the bracket is full the admin may cancel (every entry fee back); once it is full the only ways out are a settlement, or a cancel or refund that shares the entry fees and the prize deposit equally among the players.",
  endedBy: {
    action: "settle",
    txHash: "3c7e538ed18221909e4e60266dc0d087682bc540bfdf8802ad673f25cd2a4753",
  },
  results: ["addr_test1vr75dew8ess84ya8zvt8en6fcx0ms6daez39prvc9vltukq0ct42e"],
  payouts: [
    {
      address: "addr_test1vr75dew8ess84ya8zvt8en6fcx0ms6daez39prvc9vltukq0ct42e",
      lovelace: "15000000",
      outputRef: "3c7e538ed18221909e4e60266dc0d087682bc540bfdf8802ad673f25cd2a4753#0",
    },
    {
      address: "addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej",
      lovelace: "2000000",
      outputRef: "3c7e538ed18221909e4e60266dc0d087682bc540bfdf8802ad673f25cd2a4753#1",
    },
  ],
};

export const TOURNAMENT_LIST = {
  results: [
    {
      tournamentId: "66ac81915c1bf1440855d2f77e3b2d7b2017979ad23c86a9cb567d3188f5131c",
      name: "Friday cup",
      adminAddress: "addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej",
      bracketSize: 2,
      entryFee: "5000000",
      payoutStructure: ["15000000"],
      fixedPayouts: [["addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej", "2000000"]],
      participants: [],
      status: "open",
      settleBy: 1798108491000,
      deposit: "7000000",
      outputRef: "71abfadaec6969b46b3aeafb766d3974f5cd0804fcdedf29db16b07e86deaab8#0",
      lovelace: "8866230",
      contractTitle: "cardano-tx-service/tournament",
      contractVersion: "2.1.0",
      policyId: "a4be546c57d06f92f477870e1ddaae7fbd995416fea481a0c3e0b9b5",
      registrationAddress: "addr_test1wqh28nj8qg6z7wnmvpn20ah2ylc4ldj047hyesjyk0qaxpq9p47sj",
      exitRule:
        "Until the bracket is full the admin may cancel (every entry fee back); once it is full the only ways out are a settlement, or a cancel or refund that shares the entry fees and the prize deposit equally among the players.",
    },
  ],
  cursor: null,
};

/** An output holding a tournament NFT whose datum the service cannot decode (GET /tournaments/{tournamentId} and the list show it). */
export const UNREADABLE_TOURNAMENT = {
  tournamentId: "66ac81915c1bf1440855d2f77e3b2d7b2017979ad23c86a9cb567d3188f5131c",
  status: "unreadable",
  reason:
    "Its inline datum does not decode as a tournament datum of this service: exactly [config, participants], a configuration of eight fields whose name is UTF-8 and whose addresses are canonical key addresses of this network, and canonical CBOR.",
  outputRef: "71abfadaec6969b46b3aeafb766d3974f5cd0804fcdedf29db16b07e86deaab8#0",
  address: "addr_test1wzjtu4rv2lgxlyh5w7rsu8w64elmmx25zml2fqdqc0stndgew0zjd",
  lovelace: "8866230",
  value: [
    { unit: "lovelace", quantity: "8866230" },
    {
      unit: "a4be546c57d06f92f477870e1ddaae7fbd995416fea481a0c3e0b9b566ac81915c1bf1440855d2f77e3b2d7b2017979ad23c86a9cb567d3188f5131c",
      quantity: "1",
    },
  ],
  contractTitle: "cardano-tx-service/tournament",
  contractVersion: "2.1.0",
  policyId: "a4be546c57d06f92f477870e1ddaae7fbd995416fea481a0c3e0b9b5",
};

export const REGISTER_REQUEST = {
  registererAddress: "addr_test1vr75dew8ess84ya8zvt8en6fcx0ms6daez39prvc9vltukq0ct42e",
  utxos: [
    "828258203fedbd3f8146571a77adc1e6153fc32d735e53cf66aa0f56ce2a729ca338ce940082581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a004c4b40",
    "828258209961cd1569a397bfb1db852f54a6eda532e4d822fce31f9183a8bcdf046cd7ae0082581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a0bebc200",
  ],
};

export const REGISTER_ANSWER = {
  complete:
    "84a300818258209961cd1569a397bfb1db852f54a6eda532e4d822fce31f9183a8bcdf046cd7ae000182a300581d702ea3ce4702342f3a7b6066a7f6ea27f15fb64fafae4cc244b3c1d304011a004c4b40028201d8185829d8799fd8799f581cfd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe58ffd87a80ff82581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a0b9ce7ab021a00028f15a0f5f6",
  hash: "0115ba1d77a59c4dc9deed6537f8861cf905c080e1d154c29711db9b4be3a038",
  fee: "167701",
  outputRef: "0115ba1d77a59c4dc9deed6537f8861cf905c080e1d154c29711db9b4be3a038#0",
};

export const TOURNAMENT_SUBMIT_REQUEST = {
  transaction:
    "84a300818258209961cd1569a397bfb1db852f54a6eda532e4d822fce31f9183a8bcdf046cd7ae000182a300581d702ea3ce4702342f3a7b6066a7f6ea27f15fb64fafae4cc244b3c1d304011a004c4b40028201d8185829d8799fd8799f581cfd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe58ffd87a80ff82581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a0b9ce7ab021a00028f15a0f5f6",
  signatures: [
    "a100d90102818258202a688902d954c76b24eff1cc797181d3b3848caa19b5528a6d993147c64fe88858403110e800224e5ef716fa93c18e53cd9b320da6fff20b4e2d393e50e6eadb7e14942388e40ae5c704818df294d71be3d70be21b3e764fe541223f640a12b8c406",
  ],
};

export const TOURNAMENT_SUBMIT_ANSWER = {
  txHash: "0115ba1d77a59c4dc9deed6537f8861cf905c080e1d154c29711db9b4be3a038",
};

export const UNREGISTER_REQUEST = {
  registererAddress: "addr_test1vr75dew8ess84ya8zvt8en6fcx0ms6daez39prvc9vltukq0ct42e",
  outputRef: "0115ba1d77a59c4dc9deed6537f8861cf905c080e1d154c29711db9b4be3a038#0",
  utxos: [
    "828258203fedbd3f8146571a77adc1e6153fc32d735e53cf66aa0f56ce2a729ca338ce940082581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a004c4b40",
    "828258200115ba1d77a59c4dc9deed6537f8861cf905c080e1d154c29711db9b4be3a0380182581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a0b9ce7ab",
  ],
};

export const UNREGISTER_ANSWER = {
  complete:
    "84a800828258200115ba1d77a59c4dc9deed6537f8861cf905c080e1d154c29711db9b4be3a038008258200115ba1d77a59c4dc9deed6537f8861cf905c080e1d154c29711db9b4be3a03801018282581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a004c4b4082581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a0b9961bf021a000385ec0b5820e70cd6d42911c91fb0a9422418d2ec109679fa46d34ef4deebb7370eeb4fca320d818258200115ba1d77a59c4dc9deed6537f8861cf905c080e1d154c29711db9b4be3a038010e81581cfd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581082581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a0b509c6b111a004c4b40a20581840000d87980821959981a00705d8f06d90102815904d25904cf01000022232323232323232533357346a666ae68cdc39aab9d3754012900009191a999ab9a3370e6aae74dd5000a40002464a666ae6800440044cd5ce24903543536000013232323233300100100223375e002008444a666aae7c0085280a999ab9a30013574200429444ccc00c00cd5d10010009bac357426ae88d5d11aba2357446ae88d5d11aba2357446aae78dd50061ba9001375c6ae84d55cf1baa0011232533357340022002266ae712410354353700001300400d001357426aae78dd5005899191911919192999ab9a5333573464a666ae6800440044cd5ce24903543538000015333573466ebcc8d5d09aab9e37540026ae8400530122d87a9f581ca4be546c57d06f92f477870e1ddaae7fbd995416fea481a0c3e0b9b5ff0013370e646466600200244a666aae7c0045200015333573466ebcd55ce9aba10014c122582066ac81915c1bf1440855d2f77e3b2d7b2017979ad23c86a9cb567d3188f5131c001375a6aae78d5d08008998010011aba200100222253335573e002290000a999ab9a3375e6aae74d5d0800a611e581ca4be546c57d06f92f477870e1ddaae7fbd995416fea481a0c3e0b9b50013300200237566aae78d5d080089998018018011aba200137566ae84d5d1000a400429404c94ccd5cd0008800899ab9c4901035435390000132333573400294128991919800800801112999aab9f00114a02a666ae68cdd79aab9d3574200298011e581ca4be546c57d06f92f477870e1ddaae7fbd995416fea481a0c3e0b9b50014a22660040046ae88004dd59aba1357446ae880145280992999ab9a0011001133573892010354363000001300801114a06aae78004dd50009aba137586ae84008d5d10009aba235573c0026ea801c02452616253335734a666666ae900044c94ccd5cd19b8735573a00290000992999aab9f00114a02a666ae68c014d5d08008992999aab9f00114a02a666ae68c94cccccd5d200089919192999ab9a3370e00490000a999aab9f00114a02a666aae7cd5d10008992999999aba400113232325333573466e1c0092000133300d00e23335573e002945280008a999ab9a3370e004900109998069199999aba40014a0941282514a06601a4666666ae90005282504a094528198069199999aba40014a0941282514a04666aae7c00528a5000114a06aae78008d55ce8009baa00114a029405280a5035742002294054ccd5cd19b87002480084ccd55cf800a514a02940d55cf0011aab9d001375400229405280a5014a06ae8400454ccd55cf9aba200114a229405281aba200114a06aae780045281baa00114a029405280a50132323235333573466e1cd55ce9baa0014800048c8d4ccd5cd19b8735573a6ea80052002124a224646a666ae68cdc39aab9d3754002900009251124a00026ae84d55cf1baa001001357426ae8800c49280009aba100135573c0026ea80045281112999aab9f00114a02a666ae68c00cd5d0800898011aba200114a04a666666ae900044c8c8c94ccd5cd19b870024800054ccd55cf8008a50153335573e6ae880044c018d5d08008a5015333573466e1c0092002153335573e002294054ccd55cf9aba2001130053574200229405281aab9e00235573a0026ea80045280a5014a0294140094004494cccccd5d20008a5014a029405280a999ab9a3370e6e34dd7000a407029445281aba135573c6ea80041f5f6",
  hash: "2da9b74ad9338983820ee3e2210bdc698008b509f58612bd432ad273998a694f",
  fee: "230892",
};

export const REGISTRATIONS = {
  entryFeeLovelace: "5000000",
  results: [
    {
      address: "addr_test1vr75dew8ess84ya8zvt8en6fcx0ms6daez39prvc9vltukq0ct42e",
      outputRef: "0115ba1d77a59c4dc9deed6537f8861cf905c080e1d154c29711db9b4be3a038#0",
      valid: true,
      paidFeesLovelace: "5000000",
    },
    {
      address: "addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej",
      outputRef: "8c14453bdee2cc900e019baeb05e4c6765fe5d0752147ce7d05058bec8769f89#0",
      valid: true,
      paidFeesLovelace: "5000000",
    },
    {
      address: "addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej",
      outputRef: "9b0e5b1d8f3c2a4e6d7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5#0",
      valid: false,
      reason:
        "It is overpaid by 500000 lovelace, less than the 1300000 lovelace (MIN_PAYOUT_LOVELACE, 1.3 ADA) a returned output needs: the contract refuses to add it (nobody can make the admin fund its return); its registrant can take it back with POST /tournaments/66ac81915c1bf1440855d2f77e3b2d7b2017979ad23c86a9cb567d3188f5131c/unregister.",
      paidFeesLovelace: "5500000",
    },
  ],
  page: 1,
  limit: 100,
  cursor: null,
};

export const PARTICIPANTS_REQUEST = {
  adminAddress: "addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej",
  registrations: [
    {
      address: "addr_test1vr75dew8ess84ya8zvt8en6fcx0ms6daez39prvc9vltukq0ct42e",
      outputRef: "0115ba1d77a59c4dc9deed6537f8861cf905c080e1d154c29711db9b4be3a038#0",
    },
    {
      address: "addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej",
      outputRef: "8c14453bdee2cc900e019baeb05e4c6765fe5d0752147ce7d05058bec8769f89#0",
    },
  ],
  utxos: [
    "828258208c14453bdee2cc900e019baeb05e4c6765fe5d0752147ce7d05058bec8769f890182581d60deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e371a0ac167cb",
  ],
};

export const PARTICIPANTS_ANSWER = {
  complete:
    "84aa00848258200115ba1d77a59c4dc9deed6537f8861cf905c080e1d154c29711db9b4be3a0380082582071abfadaec6969b46b3aeafb766d3974f5cd0804fcdedf29db16b07e86deaab8008258208c14453bdee2cc900e019baeb05e4c6765fe5d0752147ce7d05058bec8769f89008258208c14453bdee2cc900e019baeb05e4c6765fe5d0752147ce7d05058bec8769f89010182a300581d70a4be546c57d06f92f477870e1ddaae7fbd995416fea481a0c3e0b9b501821a011fe036a1581ca4be546c57d06f92f477870e1ddaae7fbd995416fea481a0c3e0b9b5a1582066ac81915c1bf1440855d2f77e3b2d7b2017979ad23c86a9cb567d3188f5131c01028201d81858f29f9f4a46726964617920637570d8799fd8799f581cdeeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e37ffd87a80ff021a004c4b409f1a00e4e1c0ff9f9fd8799fd8799f581cdeeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e37ffd87a80ff1a001e8480ffff581c2ea3ce4702342f3a7b6066a7f6ea27f15fb64fafae4cc244b3c1d3041b000001a2a79e2cf8ff9fd8799fd8799f581cfd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe58ffd87a80ffd8799fd8799f581cdeeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e37ffd87a80ffffff82581d60deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e371a0abac23d021a0006a58e03191c790b58206b5cab238daeaa2ad39f7f1f082022bed00f76dbe07b9d2d6ee2e425aef8bd1b0d818258208c14453bdee2cc900e019baeb05e4c6765fe5d0752147ce7d05058bec8769f89010e81581cdeeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e371082581d60deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e371a0a751c8b111a004c4b401281825820985f7bf8c6bdf0d6af061ee37e5281009503c3cd42793428426589f640400c0f00a20583840000d87a80821a000146531a01ae0a4f840001d87a9fd87980ff821a000abb7d1a0ed1a181840002d87a80821a000146531a01ae0a4f06d90102815904d25904cf01000022232323232323232533357346a666ae68cdc39aab9d3754012900009191a999ab9a3370e6aae74dd5000a40002464a666ae6800440044cd5ce24903543536000013232323233300100100223375e002008444a666aae7c0085280a999ab9a30013574200429444ccc00c00cd5d10010009bac357426ae88d5d11aba2357446ae88d5d11aba2357446aae78dd50061ba9001375c6ae84d55cf1baa0011232533357340022002266ae712410354353700001300400d001357426aae78dd5005899191911919192999ab9a5333573464a666ae6800440044cd5ce24903543538000015333573466ebcc8d5d09aab9e37540026ae8400530122d87a9f581ca4be546c57d06f92f477870e1ddaae7fbd995416fea481a0c3e0b9b5ff0013370e646466600200244a666aae7c0045200015333573466ebcd55ce9aba10014c122582066ac81915c1bf1440855d2f77e3b2d7b2017979ad23c86a9cb567d3188f5131c001375a6aae78d5d08008998010011aba200100222253335573e002290000a999ab9a3375e6aae74d5d0800a611e581ca4be546c57d06f92f477870e1ddaae7fbd995416fea481a0c3e0b9b50013300200237566aae78d5d080089998018018011aba200137566ae84d5d1000a400429404c94ccd5cd0008800899ab9c4901035435390000132333573400294128991919800800801112999aab9f00114a02a666ae68cdd79aab9d3574200298011e581ca4be546c57d06f92f477870e1ddaae7fbd995416fea481a0c3e0b9b50014a22660040046ae88004dd59aba1357446ae880145280992999ab9a0011001133573892010354363000001300801114a06aae78004dd50009aba137586ae84008d5d10009aba235573c0026ea801c02452616253335734a666666ae900044c94ccd5cd19b8735573a00290000992999aab9f00114a02a666ae68c014d5d08008992999aab9f00114a02a666ae68c94cccccd5d200089919192999ab9a3370e00490000a999aab9f00114a02a666aae7cd5d10008992999999aba400113232325333573466e1c0092000133300d00e23335573e002945280008a999ab9a3370e004900109998069199999aba40014a0941282514a06601a4666666ae90005282504a094528198069199999aba40014a0941282514a04666aae7c00528a5000114a06aae78008d55ce8009baa00114a029405280a5035742002294054ccd5cd19b87002480084ccd55cf800a514a02940d55cf0011aab9d001375400229405280a5014a06ae8400454ccd55cf9aba200114a229405281aba200114a06aae780045281baa00114a029405280a50132323235333573466e1cd55ce9baa0014800048c8d4ccd5cd19b8735573a6ea80052002124a224646a666ae68cdc39aab9d3754002900009251124a00026ae84d55cf1baa001001357426ae8800c49280009aba100135573c0026ea80045281112999aab9f00114a02a666ae68c00cd5d0800898011aba200114a04a666666ae900044c8c8c94ccd5cd19b870024800054ccd55cf8008a50153335573e6ae880044c018d5d08008a5015333573466e1c0092002153335573e002294054ccd55cf9aba2001130053574200229405281aab9e00235573a0026ea80045280a5014a0294140094004494cccccd5d20008a5014a029405280a999ab9a3370e6e34dd7000a407029445281aba135573c6ea80041f5f6",
  hash: "288fa5ee15df0d57f87ee17782b2aae820cc0392c4565356fed07a8337370aaf",
  fee: "435598",
};

export const SETTLE_REQUEST = {
  adminAddress: "addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej",
  results: [
    "addr_test1vr75dew8ess84ya8zvt8en6fcx0ms6daez39prvc9vltukq0ct42e",
    "addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej",
  ],
  utxos: [
    "82825820288fa5ee15df0d57f87ee17782b2aae820cc0392c4565356fed07a8337370aaf0182581d60deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e371a0abac23d",
  ],
};

export const SETTLE_ANSWER = {
  complete:
    "84ab0081825820288fa5ee15df0d57f87ee17782b2aae820cc0392c4565356fed07a8337370aaf000183a300581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe58011a00e4e1c0028201d81858259f582066ac81915c1bf1440855d2f77e3b2d7b2017979ad23c86a9cb567d3188f5131c00ffa300581d60deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e37011a001e8480028201d81858259f582066ac81915c1bf1440855d2f77e3b2d7b2017979ad23c86a9cb567d3188f5131c01ff82581d60deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e371a001765b2021a0005144403191c7a09a1581ca4be546c57d06f92f477870e1ddaae7fbd995416fea481a0c3e0b9b5a1582066ac81915c1bf1440855d2f77e3b2d7b2017979ad23c86a9cb567d3188f5131c200b58203a764f3c3b4c7bf8c623ff49fecf2581d82babe12a3f6beb3e9376268ffb8b2c0d81825820288fa5ee15df0d57f87ee17782b2aae820cc0392c4565356fed07a8337370aaf010e81581cdeeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e371082581d60deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e371a0a6e76fd111a004c4b401281825820985f7bf8c6bdf0d6af061ee37e5281009503c3cd42793428426589f640400c0f00a10582840000d87a9fd87a9f9f00ffffff821a0005b6611a07639ce5840100d8799fd87a80ff8219d01e1a00ed72adf5f6",
  hash: "3c7e538ed18221909e4e60266dc0d087682bc540bfdf8802ad673f25cd2a4753",
  fee: "332868",
};

export const CANCEL_REQUEST = {
  adminAddress: "addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej",
  utxos: [
    "828258208c14453bdee2cc900e019baeb05e4c6765fe5d0752147ce7d05058bec8769f890182581d60deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e371a0ac167cb",
  ],
};

export const CANCEL_ANSWER = {
  complete:
    "84aa008282582071abfadaec6969b46b3aeafb766d3974f5cd0804fcdedf29db16b07e86deaab8008258208c14453bdee2cc900e019baeb05e4c6765fe5d0752147ce7d05058bec8769f89010182a300581d60deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e37011a008749b6028201d81858259f582066ac81915c1bf1440855d2f77e3b2d7b2017979ad23c86a9cb567d3188f5131c00ff82581d60deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e371a0abc22c7021a0005450409a1581ca4be546c57d06f92f477870e1ddaae7fbd995416fea481a0c3e0b9b5a1582066ac81915c1bf1440855d2f77e3b2d7b2017979ad23c86a9cb567d3188f5131c200b5820159572e5afe6806093472dcd73fad3081f0c49ddc043932b9c3d7e401e1ced850d818258208c14453bdee2cc900e019baeb05e4c6765fe5d0752147ce7d05058bec8769f89010e81581cdeeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e371082581d60deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e371a0a751c8b111a004c4b401281825820985f7bf8c6bdf0d6af061ee37e5281009503c3cd42793428426589f640400c0f00a10582840000d87a9fd87b80ff821a00087f4e1a0b004dc3840100d8799fd87a80ff8219d01e1a00ed72adf5f6",
  hash: "86f73da5f0ff6ba3089800441a8b7881e26609d964a803d560d449200f521be5",
  fee: "345348",
};

export const REFUND_REQUEST = {
  utxos: [
    "828258203c7e538ed18221909e4e60266dc0d087682bc540bfdf8802ad673f25cd2a475300a300581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe58011a00e4e1c0028201d81858259f582066ac81915c1bf1440855d2f77e3b2d7b2017979ad23c86a9cb567d3188f5131c00ff",
    "828258203fedbd3f8146571a77adc1e6153fc32d735e53cf66aa0f56ce2a729ca338ce940082581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a004c4b40",
    "828258209be621d467f116be8939c5f62d8f60ae83a5f4c0a9a2bdb7b783bd2ce632a1ac0182581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a0b01c216",
  ],
};

export const REFUND_ANSWER = {
  complete:
    "84aa00828258209be621d467f116be8939c5f62d8f60ae83a5f4c0a9a2bdb7b783bd2ce632a1ac01825820e25d0089ecf72e28b1477577649d95413bbfcbb42302c83caa426a2a50b55eb9000183a300581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe58011a00989680028201d81858259f58207ab633981f692e61940578328707583afea7eb7a1e98dbab21b70746116a3b0600ffa300581d60deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e37011a00191f54028201d81858259f58207ab633981f692e61940578328707583afea7eb7a1e98dbab21b70746116a3b0601ff82581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a0afc54a2021a00056d74081903e009a1581ca4be546c57d06f92f477870e1ddaae7fbd995416fea481a0c3e0b9b5a158207ab633981f692e61940578328707583afea7eb7a1e98dbab21b70746116a3b06200b5820774894c95a29527963a2c18feca26114ef5e408983269e60af1bbb7fb707d8ed0d818258209be621d467f116be8939c5f62d8f60ae83a5f4c0a9a2bdb7b783bd2ce632a1ac011082581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a0ab576d6111a004c4b401281825820985f7bf8c6bdf0d6af061ee37e5281009503c3cd42793428426589f640400c0f00a10582840001d87a9fd87c80ff821a0009e04e1a0d3f7c72840100d8799fd87a80ff8219d01e1a00ed72adf5f6",
  hash: "856a4eadb107d5f8f71daf2ed9932827f4898b8736b549d233f967a8c7b2d331",
  fee: "355700",
};

// ── Errors (real messages; `required(field)` is what a body without that field gets) ──────
/** The 400 of a body without a required field: "body.address is required." */
export const required = (field: string): ErrorExample => ({
  code: "SVC_ERR_VALIDATION",
  message: `body.${field} is required.`,
});

/** The 404 of a devnet endpoint on another network. */
export const devnetOnly = (endpoint: string): ErrorExample => ({
  code: "SVC_ERR_NOT_FOUND",
  message: `${endpoint} exists only on the devnet; this instance serves preprod.`,
});

export const INSUFFICIENT_FUNDS: ErrorExample = {
  code: "TX_ERR_INSUFFICIENT_FUNDS",
  message:
    "Not enough ADA: the outputs need 5000000 lovelace (5 ADA), the fee about 163653 lovelace (0.163653 ADA) and the change output at least 969750 lovelace (0.96975 ADA), but the available UTxOs hold 0 lovelace (0 ADA): about 6133403 lovelace (6.133403 ADA) missing. Fund the change address or pass more utxos.",
};

export const MISSING_SIGNATURE: ErrorExample = {
  code: "CHAIN_ERR_LEDGER_REJECTED",
  message:
    "The ledger rejected the transaction: a signature is missing: the key with hash deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e37 (the payment key of addr_test1vr0whpz4lfud7sxqrdx8ka2czm779dvsn8ldefqwx8czudc3s4tej) must sign it. Sign `complete` with that key too and submit it again with every signature (the transaction itself stays the same).",
  detail:
    'Missing key hashes for transactionId "3fedbd3f8146571a77adc1e6153fc32d735e53cf66aa0f56ce2a729ca338ce94", missing inputs key hashes: Set("deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e37"), missing collateral inputs key hashes: Set(), missing voting procedures key hashes: Set(), missing withdrawals key hashes: Set(), missing certificates key hashes: Set(), missing required signers key hashes: TreeSet()',
};

export const NO_TOURNAMENT: ErrorExample = {
  code: "SVC_ERR_NOT_FOUND",
  message:
    'No tournament abababababababababababababababababababababababababababababababab under contract "cardano-tx-service/tournament" version "2.1.0": no output of this contract holds or held its NFT.',
};

export const NO_LIVE_TOURNAMENT: ErrorExample = {
  code: "SVC_ERR_NOT_FOUND",
  message:
    'No tournament abababababababababababababababababababababababababababababababab under contract "cardano-tx-service/tournament" version "2.1.0": it does not exist, or it ended (settled, cancelled or refunded: its NFT burnt; GET /tournaments/abababababababababababababababababababababababababababababababab tells how).',
};

export const TOO_EARLY_TO_REFUND: ErrorExample = {
  code: "SVC_ERR_BAD_REQUEST",
  message:
    "Tournament 66ac81915c1bf1440855d2f77e3b2d7b2017979ad23c86a9cb567d3188f5131c can be refunded only after its settlement deadline, settleBy 1798108491000 (2026-12-24T10:34:51.000Z): from 2026-12-24T10:34:52.000Z on; the chain's time is 2026-11-24T10:35:02.000Z. Before it, only the admin can end it (POST /tournaments/66ac81915c1bf1440855d2f77e3b2d7b2017979ad23c86a9cb567d3188f5131c/cancel).",
};

export const TX_HASH_INVALID: ErrorExample = {
  code: "SVC_ERR_VALIDATION",
  message: "params.txHash is invalid: The transaction id, 64 hex digits.",
};

export const NOT_AN_ADDRESS: ErrorExample = {
  code: "SVC_ERR_BAD_REQUEST",
  message: "params.address is not a Cardano address (bech32 or hex).",
};

export const TOURNAMENT_ID_INVALID: ErrorExample = {
  code: "SVC_ERR_VALIDATION",
  message:
    "params.tournamentId is invalid: The tournament ID: the NFT's asset name, blake2b-256 of the seed output reference (64 hex).",
};

export const LIMIT_TOO_SMALL: ErrorExample = {
  code: "SVC_ERR_VALIDATION",
  message: "query.limit must be >= 1.",
};

export const VALID_NOT_BOOLEAN: ErrorExample = {
  code: "SVC_ERR_VALIDATION",
  message: "query.valid must be boolean.",
};

export const GET_INFO_NEITHER: ErrorExample = {
  code: "SVC_ERR_BAD_REQUEST",
  message: "Give the native script as body.script (CBOR hex) or as body.schema (JSON): exactly one of the two.",
};

/** A tournament build the tournament minting policy refuses (422). */
export const TOURNAMENT_SCRIPT_REFUSES: ErrorExample = {
  code: "SVC_ERR_UNPROCESSABLE",
  message:
    "A tournament script refuses this transaction: Script evaluation failed: Error evaluated\nat :1:0 - 1:0\nspent budget: { mem: 0.069155, cpu: 23.810286 }\nlogs: seed not consumed (T01) Script logs: seed not consumed (T01)",
};

/**
 * A build whose Plutus script refuses it (422): the hello-world validator of blueprints/examples.ts
 * spent with the wrong redeemer (the service's message, its evaluator's trace in the middle).
 */
export const PLUTUS_SCRIPT_REFUSES: ErrorExample = {
  code: "SVC_ERR_UNPROCESSABLE",
  message:
    "A Plutus script of this transaction refuses it (1 script run from scriptInteractions): Script evaluation failed: Error evaluated at :1:0 - 1:0 " +
    "spent budget: { mem: 0.093162, cpu: 31.212475 } logs: must_say_hello ? False Script logs: must_say_hello ? False " +
    "Check each redeemer, the datum of each UTxO spent, requiredSigners, and the outputs the validator expects.",
};

/** The 422 of a faucet payment below the ledger's minimum UTxO value. */
export const FAUCET_OUTPUT_TOO_SMALL: ErrorExample = {
  code: "CHAIN_ERR_LEDGER_REJECTED",
  message:
    'The ledger rejected the transaction: Transaction outputs are too small for transactionId "7d5fa452081944c3ddab06852484fe39d64a098c129f880a0d2da24ea1851141", ' +
    'invalid outputs: Vector((Shelley(ShelleyAddress(Testnet,Key("bf8aae8d4f8205585de37caf8022fdb9446796a6d37fed371034446a"),' +
    'Key("cd2c6b7dbbd6a0826a89292ff5c63b85396e0513e43367978b24a3d5")),Value(0.000001 ADA),None),Coin(952510),{})), invalid collateral output: None',
};

/** The 404 of an unknown contract deployment (contractTitle, contractVersion). */
export const NO_DEPLOYMENT: ErrorExample = {
  code: "SVC_ERR_NOT_FOUND",
  message:
    'No tournament contract deployment "cardano-tx-service/tournament" version "1.0.0": this service knows "cardano-tx-service/tournament" version "2.1.0".',
};

// ── Blueprints and validators (their requests and answers: blueprints/examples.ts) ──────────
const HASH_INVALID =
  "params.hash is invalid: The validator's script hash (for a minting policy, its policy ID): 56 hex digits.";

export const BLUEPRINT_ERRORS = {
  upsert: { 400: required("blueprint") },
  list: { 400: { code: "SVC_ERR_VALIDATION", message: "query.limit must be >= 1." } },
  delete: {
    400: {
      code: "SVC_ERR_VALIDATION",
      message: "params.id is invalid: The blueprint's ID (12 hex digits), as POST and GET /blueprints answer it.",
    },
    404: { code: "SVC_ERR_NOT_FOUND", message: "You have no blueprint with the ID 3f9c1d2e8a7b." },
  },
  applyParams: {
    400: required("params"),
    404: {
      code: "SVC_ERR_NOT_FOUND",
      message:
        'You have no blueprint titled "anvil-api-examples/hello-world": upload it with POST /blueprints first, or send the blueprint itself.',
    },
  },
  validatorAddress: { 400: { code: "SVC_ERR_VALIDATION", message: HASH_INVALID } },
  validatorData: {
    400: { code: "SVC_ERR_VALIDATION", message: HASH_INVALID },
    404: {
      code: "SVC_ERR_NOT_FOUND",
      message: `None of your blueprints holds the validator ${HELLO_WORLD_HASH}: upload its blueprint with POST /blueprints first (with the API key you use here).`,
    },
  },
} satisfies Record<string, ErrorExamples>;

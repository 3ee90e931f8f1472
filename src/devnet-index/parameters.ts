// /epochs/{epoch}/parameters of the devnet: exactly what its ledger applies
// (DEVNET_PROTOCOL_PARAMETERS and DEVNET_COST_MODELS, src/chain/protocol-params.ts, the values the
// Scalus emulator enforces and evaluates with), in Blockfrost's shape, so that the fee, min-UTxO
// and script data hash an SDK computes from them are those the ledger checks. The fields the
// emulator does not read (the reward and governance parameters) carry mainnet's Conway values.
import { DEVNET_COST_MODELS, DEVNET_PROTOCOL_PARAMETERS } from "../chain/protocol-params.js";

/** The Conway protocol version the emulator's ledger rules are (Plomin, 10.0). */
const PROTOCOL_VERSION = { major: 10, minor: 0 } as const;

/**
 * A cost model as an object, in the ledger's order, as Blockfrost's `cost_models` (which keys each
 * value by the parameter's name; the devnet does not carry the names, so the key is its position,
 * "param-000"…, never an integer-like key that JavaScript would reorder). cost_models_raw is the
 * list itself, what the SDKs read.
 */
const keyed = (costs: readonly number[]): Record<string, number> =>
  Object.fromEntries(costs.map((c, i) => [`param-${String(i).padStart(3, "0")}`, c]));

export function parametersAnswer(epoch: number): Record<string, unknown> {
  const p = DEVNET_PROTOCOL_PARAMETERS;
  const [v1 = [], v2 = [], v3 = []] = DEVNET_COST_MODELS;
  return {
    epoch,
    min_fee_a: p.minFeeA,
    min_fee_b: p.minFeeB,
    max_block_size: p.maxBlockSize,
    max_tx_size: p.maxTxSize,
    max_block_header_size: p.maxBlockHeaderSize,
    key_deposit: String(p.keyDeposit),
    pool_deposit: String(p.poolDeposit),
    e_max: 18,
    n_opt: 500,
    a0: 0.3,
    rho: 0.003,
    tau: 0.2,
    decentralisation_param: p.decentralisation,
    extra_entropy: null,
    protocol_major_ver: PROTOCOL_VERSION.major,
    protocol_minor_ver: PROTOCOL_VERSION.minor,
    min_utxo: String(p.coinsPerUtxoSize),
    min_pool_cost: String(p.minPoolCost),
    nonce: "0000000000000000000000000000000000000000000000000000000000000000",
    cost_models: { PlutusV1: keyed(v1), PlutusV2: keyed(v2), PlutusV3: keyed(v3) },
    cost_models_raw: { PlutusV1: [...v1], PlutusV2: [...v2], PlutusV3: [...v3] },
    price_mem: p.priceMem,
    price_step: p.priceStep,
    max_tx_ex_mem: String(p.maxTxExMem),
    max_tx_ex_steps: String(p.maxTxExSteps),
    max_block_ex_mem: String(p.maxBlockExMem),
    max_block_ex_steps: String(p.maxBlockExSteps),
    max_val_size: String(p.maxValSize),
    collateral_percent: p.collateralPercent,
    max_collateral_inputs: p.maxCollateralInputs,
    coins_per_utxo_size: String(p.coinsPerUtxoSize),
    coins_per_utxo_word: String(p.coinsPerUtxoSize),
    pvt_motion_no_confidence: 0.51,
    pvt_committee_normal: 0.51,
    pvt_committee_no_confidence: 0.51,
    pvt_hard_fork_initiation: 0.51,
    dvt_motion_no_confidence: 0.67,
    dvt_committee_normal: 0.67,
    dvt_committee_no_confidence: 0.6,
    dvt_update_to_constitution: 0.75,
    dvt_hard_fork_initiation: 0.6,
    dvt_p_p_network_group: 0.67,
    dvt_p_p_economic_group: 0.67,
    dvt_p_p_technical_group: 0.67,
    dvt_p_p_gov_group: 0.75,
    dvt_treasury_withdrawal: 0.67,
    committee_min_size: "7",
    committee_max_term_length: "146",
    gov_action_lifetime: "6",
    gov_action_deposit: "100000000000",
    drep_deposit: "500000000",
    drep_activity: "20",
    pvtpp_security_group: 0.51,
    pvt_p_p_security_group: 0.51,
    min_fee_ref_script_cost_per_byte: p.minFeeRefScriptCostPerByte,
  };
}

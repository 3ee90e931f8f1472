// Examples of GET /health for the OpenAPI description: it answers 200 as it is on the devnet.

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

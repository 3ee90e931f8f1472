/** Every endpoint lives under this base path, as in the hosted interface. */
export const BASE_PATH = "/v2/services";

import { createRequire } from "node:module";

/** The service version, from package.json. */
export const VERSION: string = (createRequire(import.meta.url)("../package.json") as { version: string }).version;

// @helios-lang/compiler 0.17.32 is published without its declared types/ folder; this declares
// the part of its API that src/tournament/contracts.ts uses.
declare module "@helios-lang/compiler" {
  import type { UplcData } from "@helios-lang/uplc";

  export interface CompiledProgram {
    /** The script as it appears in a transaction: CBOR byte string of the CBOR-wrapped flat program. */
    toCbor(): number[];
    /** blake2b-224 script hash. */
    hash(): number[];
  }

  export interface ProgramProps {
    isTestnet?: boolean;
    moduleSources?: string[];
  }

  export class Program {
    constructor(mainSource: string, props?: ProgramProps);
    readonly paramTypes: Record<string, unknown>;
    /** Sets a top-level const; needs the module-qualified name and returns false when nothing matched. */
    changeParam(name: string, data: UplcData): boolean;
    compile(options?: { optimize?: boolean | { keepTracing?: boolean } }): CompiledProgram;
  }
}

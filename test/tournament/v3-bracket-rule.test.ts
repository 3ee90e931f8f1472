// The bracket rule of each contract version lives in rules.ts (checkBracket, given the version's
// largest bracket): a whole number above v2.1's 64 is refused naming v3's 1,024 and how to ask for
// it; above v3's 1,024, or not a whole number, the range of the version asked for. The answers over
// HTTP are in rules.test.ts (2.1.0) and v3-http.test.ts (3.0.0).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { MAX_BRACKET, V3_MAX_BRACKET } from "../../src/tournament/limits.js";
import { checkBracket } from "../../src/tournament/rules.js";

const refusedWith = (run: () => void, message: string): void =>
  assert.throws(run, (error: Error & { statusCode?: number; field?: string }) => {
    assert.equal(error.statusCode, 400);
    assert.equal(error.field, "bracketSize");
    assert.equal(error.message, message);
    return true;
  });

describe("checkBracket: each version's largest bracket, one rule", () => {
  it("refuses a v2.1 bracket above 64 naming version 3.0.0 and its 1,024", () => {
    for (const size of [65, 1024, 5000])
      refusedWith(
        () => checkBracket(size, MAX_BRACKET),
        `bracketSize is ${size}: contract version 2.1.0 takes brackets of 2 to 64 (its datum holds every participant); ` +
          'version 3.0.0 takes up to 1,024 (contractVersion "3.0.0").',
      );
  });

  it("refuses a v3 bracket above 1,024, and a bracket that is no whole number or below 2, with the version's range", () => {
    refusedWith(
      () => checkBracket(1025, V3_MAX_BRACKET),
      "bracketSize must be a whole number from 2 to 1024: larger brackets make the add-participants and settlement " +
        "transactions exceed the ledger's size and execution limits.",
    );
    for (const size of [1, 2.5])
      refusedWith(
        () => checkBracket(size, MAX_BRACKET),
        "bracketSize must be a whole number from 2 to 64: larger brackets make the add-participants and settlement " +
          "transactions exceed the ledger's size and execution limits.",
      );
  });

  it("takes 2 to 64 under v2.1 and 2 to 1,024 under v3", () => {
    for (const size of [2, 64]) checkBracket(size, MAX_BRACKET);
    for (const size of [2, 65, 1024]) checkBracket(size, V3_MAX_BRACKET);
  });
});

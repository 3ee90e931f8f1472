// The service's answers as the OpenAPI document describes them, from the generated client's types
// (client/src/schema.ts): a test names the operation it calls (`service.request<"getTournament">(…)`)
// and reads a body of the documented type, so that reading a field the document does not have fails
// to compile. The answer is a union by status: `assert.equal(r.status, 200)` narrows it to that
// status's body (an error status to ErrorBody).
import type { components, operations } from "../../client/src/schema.js";

/** An operation of the service: its operationId in the OpenAPI document. */
export type OperationId = keyof operations;

/** Every error answer's body. */
export type ErrorBody = components["schemas"]["ErrorBody"];

/** A named schema of the document (`Schema<"NativeScript">`). */
export type Schema<N extends keyof components["schemas"]> = components["schemas"][N];

type Responses<K extends OperationId> = operations[K]["responses"];
type Statuses<K extends OperationId> = keyof Responses<K> & number;
type SuccessStatus = 200 | 201 | 202 | 204;

/** The body of one documented response: its JSON, its text, or nothing. */
type BodyOfResponse<R> = R extends { content: { "application/json": infer J } }
  ? J
  : R extends { content: { "text/plain": infer T } }
    ? T
    : R extends { content: Record<string, infer T> }
      ? T
      : undefined;

/** The keys of an object body (none for an array or a scalar); distributes over a union. */
type KeysOf<B> = B extends readonly unknown[] ? never : B extends object ? keyof B : never;

/**
 * Body B, where every field that only the operation's other bodies have is declared absent: an error
 * body has no `txHash`, a success no `message` (the service serializes each answer through its
 * status's schema, which drops what it does not name). So a read before the status is asserted is
 * `T | undefined`, and a field no body documents does not compile.
 */
type Exclusive<B, All> = B extends readonly unknown[]
  ? B
  : B extends object
    ? B & { [P in Exclude<KeysOf<All>, keyof B>]?: undefined }
    : B;

/** The body operation K answers with status S (default: its 2xx), a union's members exclusive of each other. */
export type Body<K extends OperationId, S extends Statuses<K> = Statuses<K> & SuccessStatus> = Exclusive<
  BodyOfResponse<Responses<K>[S]>,
  BodyOfResponse<Responses<K>[S]>
>;

type AllBodies<K extends OperationId> = BodyOfResponse<Responses<K>[Statuses<K>]>;

/** What operation K answers: for each documented status, that status and its body. */
export type Answer<K extends OperationId> = {
  [S in Statuses<K>]: {
    status: S;
    headers: Headers;
    body: Exclusive<BodyOfResponse<Responses<K>[S]>, AllBodies<K>>;
  };
}[Statuses<K>];

/** An answer a test declares itself: a test-only route's (support/keyed-routes.ts), which the document does not have. */
export interface DeclaredAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/**
 * What a test names to `service.request<…>`: an operation; "error" for a request the test expects an
 * error answer to, whatever the route (a path built in a loop, a route under test); or the answer of
 * a test-only route.
 */
export type Named = OperationId | "error" | DeclaredAnswer;

/** The answer of a named request: the operation's (Answer), any status with an ErrorBody, or the declared one. */
export type AnswerOf<K extends Named> = K extends OperationId
  ? Answer<K>
  : K extends "error"
    ? { status: number; headers: Headers; body: ErrorBody }
    : K;

/** An answer of any operation, for a helper that reads its error fields (`message`, `code`) whichever operation it is. */
export interface ErrorFields {
  status: number;
  body: Partial<ErrorBody>;
}

// The blueprint endpoints' typed requests → the library's inputs (src/blueprints/library.ts).
import type { ApplyParamsInput, ListInput, SaveInput } from "../../../blueprints/library.js";
import type { ScriptRef } from "../../../store/types.js";
import { cursorOf } from "../../pagination.js";
import type { ApplyParamsBody, ListQuery, SaveBody } from "./schemas.js";

/** Blueprints per page when the query sets no limit. */
export const DEFAULT_PAGE = 20;

export function saveInput(body: SaveBody): SaveInput {
  if (body.refs === undefined) return { blueprint: body.blueprint };
  const refs: Record<string, ScriptRef> = {};
  for (const [hash, ref] of Object.entries(body.refs)) refs[hash] = { txHash: ref.txHash, index: Number(ref.index) };
  return { blueprint: body.blueprint, refs };
}

export function listInput(query: ListQuery): ListInput {
  const pageState = cursorOf(query, "pageState");
  return {
    ...(query.title !== undefined && { title: query.title }),
    ...(query.version !== undefined && { version: query.version }),
    ...(query.hash !== undefined && { hash: query.hash }),
    limit: query.limit ?? DEFAULT_PAGE,
    ...(pageState !== undefined && { pageState }),
    ...(query.include === "blueprint" && { withJson: true }),
  };
}

export const applyParamsInput = (body: ApplyParamsBody): ApplyParamsInput => ({
  params: body.params,
  ...(body.blueprint !== undefined && { blueprint: body.blueprint }),
});

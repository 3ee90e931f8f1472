// @cardano-sdk/util (under @meshsdk/core-cst, which the tests cross-check against) brands its hex and
// bech32 strings with type-fest 4's `Tagged`, but the type-fest that resolves from it is the hoisted
// 0.20 (package-lock.json nests no 4.x under it), which has no `Tagged`: the import is unresolved, and
// every Hash28ByteBase16, Address, Cardano.* value and what it returns is `any` to the compiler.
// Declaring `Tagged` as type-fest 4.41 has it (source/tagged.d.ts) gives them back their types.
// Types only: no module's code changes. Delete when the hoisted type-fest is 4.x.
import type {} from "type-fest";

declare const tag: unique symbol;

declare module "type-fest" {
  export type TagContainer<Token> = { readonly [tag]: Token };
  type Tag<Token extends PropertyKey, TagMetadata> = TagContainer<{ [K in Token]: TagMetadata }>;
  export type Tagged<Type, TagName extends PropertyKey, TagMetadata = never> = Type & Tag<TagName, TagMetadata>;
}

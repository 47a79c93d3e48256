/** Nominal typing for ids and other strings that must not be mixed up (Excalidraw-style brands). */
declare const brand: unique symbol;
export type Brand<T, Name extends string> = T & { readonly [brand]: Name };

export type UnitId = Brand<string, 'UnitId'>;
export type ChannelId = Brand<string, 'ChannelId'>;
export type GroupId = Brand<string, 'GroupId'>;
export type ServerId = Brand<string, 'ServerId'>;

/** Exhaustive switches end here: the compiler proves this line unreachable. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(value)}`);
}

/**
 * The record with each of `keys` the payload sets (not undefined) copied over: the stored, plain attributes of an
 * update. Attributes with rules of their own (a rename, a type that must keep its section) are left to the caller.
 */
export function applyPatch<R extends object, K extends keyof R>(record: R, payload: { readonly [P in K]?: R[P] }, keys: readonly K[]): R {
  const next = { ...record };
  for (const key of keys) {
    const value = payload[key];
    if (value !== undefined) next[key] = value;
  }
  return next;
}

/** `names` without `excluded`, keeping the names' literal type (attributes with rules of their own). */
export function without<K extends string, X extends K>(names: readonly K[], ...excluded: X[]): Exclude<K, X>[] {
  const skip = new Set<string>(excluded);
  return names.filter((name): name is Exclude<K, X> => !skip.has(name));
}

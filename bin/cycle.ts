/**
 * The element at position `i` of a fixed, non-empty list, counting round and round (for generated
 * demo and bench data: the 12th practice of a list of 10 is its 2nd). Throws on an empty list.
 */
export function cycle<T>(list: readonly T[], i: number): T {
  const item = list[i % list.length];
  if (item === undefined) throw new Error('cycle: the list is empty');
  return item;
}

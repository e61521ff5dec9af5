/**
 * Remembers the results of a pure function of one string, for values repeated on every quote
 * (published rates, prices, fee percentages). Bounded: the whole table is dropped when full, so
 * a stream of distinct inputs costs memory of at most `max` entries. Results must be immutable.
 */
export function memoByString<V>(fn: (key: string) => V, max = 1024): (key: string) => V {
  const table = new Map<string, V>();
  return (key: string) => {
    let value = table.get(key);
    if (value === undefined) {
      value = fn(key);
      if (table.size >= max) table.clear();
      table.set(key, value);
    }
    return value;
  };
}

/** At most `total` calls in flight, and at most `perKey` of them for items of one key. */
export interface ConcurrencyCaps {
  total: number;
  perKey: number;
}

/**
 * Runs `fn` over every item, at most `caps.total` at once and at most `caps.perKey` at once for
 * items of one key; a free slot goes to the first waiting item whose key has room. The results
 * come back in the order of the items; the first failure rejects.
 */
export function runWithCaps<T, R>(items: T[], keyOf: (item: T) => string, caps: ConcurrencyCaps, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  const waiting = items.map((item, index) => ({ item, index, key: keyOf(item) }));
  const inFlightByKey = new Map<string, number>();
  let inFlight = 0;
  let finished = 0;
  return new Promise((resolve, reject) => {
    const pump = () => {
      if (finished === items.length) return resolve(results);
      for (let i = 0; i < waiting.length && inFlight < caps.total;) {
        const { item, index, key } = waiting[i]!;
        if ((inFlightByKey.get(key) ?? 0) >= caps.perKey) {
          i++;
          continue;
        }
        waiting.splice(i, 1);
        inFlight++;
        inFlightByKey.set(key, (inFlightByKey.get(key) ?? 0) + 1);
        fn(item).then((result) => {
          results[index] = result;
          inFlight--;
          inFlightByKey.set(key, inFlightByKey.get(key)! - 1);
          finished++;
          pump();
        }, reject);
      }
    };
    pump();
  });
}

import DataLoader from 'dataloader';

/** Keys read in one statement at most. */
const maxBatch = 200;

/**
 * Reads by key that requests made in the same turn of the event loop send as one statement: a
 * burst of questions looks its callers' tokens up in a few round trips, not one each, so they do
 * not queue for the pool behind each other. A lone read waits for nothing but the end of its turn.
 * Nothing is cached: each read sees what was committed before it was sent.
 */
export function batchedReads<K, V>(readAll: (keys: readonly K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  const loader = new DataLoader<K, V | undefined>(
    async (keys) => {
      const found = await readAll(keys);
      return keys.map((key) => found.get(key));
    },
    { cache: false, maxBatchSize: maxBatch, batchScheduleFn: (dispatch) => setImmediate(dispatch) },
  );
  return (key) => loader.load(key);
}

/**
 * Concurrent reads of the same thing share one: a caller asking while a read of its key is in
 * flight gets that read's result (begun at most one round trip before it asked) instead of
 * queueing an identical query behind it. Nothing is kept once the read settles, so the next
 * caller reads again and sees every change committed before it asked.
 */
export function sharedReads<K, V>(read: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const inFlight = new Map<K, Promise<V>>();
  return (key) => {
    const pending = inFlight.get(key);
    if (pending) return pending;
    const started = read(key);
    inFlight.set(key, started);
    const settled = () => {
      if (inFlight.get(key) === started) inFlight.delete(key);
    };
    started.then(settled, settled);
    return started;
  };
}

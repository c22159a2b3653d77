// Reads of one key shared by the requests that ask for it together, without serving anyone a read older than
// their question: while a read of a key is in flight, those who ask wait for it to come back and then share the
// next read, which starts after each of them asked. So at most one read of a key is in flight, a burst of
// requests costs about two round trips instead of one each, and a change committed before a request asked is
// always seen by that request's read (read-your-writes holds: a client that revoked, then fetched, sees it).
export function sharedReads<K, V>(read: (key: K) => Promise<V>): (key: K) => Promise<V> {
  /** The read of a key in flight, settled either way when it is back. */
  const inFlight = new Map<K, Promise<void>>();
  /** The read that starts when the one in flight is back, shared by everyone who asked meanwhile. */
  const next = new Map<K, Promise<V>>();

  function start(key: K): Promise<V> {
    const reading = read(key);
    const back: Promise<void> = reading.then(
      () => settle(key, back),
      () => settle(key, back),
    );
    inFlight.set(key, back);
    return reading;
  }

  function settle(key: K, back: Promise<void>) {
    if (inFlight.get(key) === back) inFlight.delete(key);
  }

  return (key) => {
    const back = inFlight.get(key);
    if (!back) return start(key);
    let shared = next.get(key);
    if (!shared) {
      shared = back.then(() => {
        next.delete(key);
        return start(key);
      });
      next.set(key, shared);
    }
    return shared;
  };
}

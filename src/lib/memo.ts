// Memoisation of pure functions of a string (a did:key's public key, a JWK's KeyObject), bounded so that callers
// sending ever new inputs cannot grow it: past `maxEntries` the oldest entry goes (Maps iterate in insertion order).
// Thrown errors are not cached: they are rare, and the caller's error handling stays as it was.
export function boundedMemo<V>(maxEntries: number, compute: (key: string) => V): (key: string) => V {
  const entries = new Map<string, V>();
  return (key) => {
    if (entries.has(key)) return entries.get(key)!;
    const value = compute(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, value);
    return value;
  };
}

/** A set that keeps at most `maxEntries` members: past it the oldest goes, as in boundedMemo. */
export function boundedSet(maxEntries: number) {
  const members = new Set<string>();
  return {
    has: (member: string) => members.has(member),
    add(member: string) {
      if (members.has(member)) return;
      if (members.size >= maxEntries) members.delete(members.values().next().value!);
      members.add(member);
    },
  };
}

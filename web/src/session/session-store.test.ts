// The session token's home: memory and the given (session) storage, cleared on sign-out and on a refusal.
import { describe, expect, it } from 'vitest';
import { createSessionStore, SESSION_STORAGE_KEY } from './session-store';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the session store', () => {
  it('starts from the tab’s stored token, or none', () => {
    expect(createSessionStore(memoryStorage({ [SESSION_STORAGE_KEY]: 'bss_a' })).get()).toEqual({ token: 'bss_a', ended: 'none' });
    expect(createSessionStore(memoryStorage()).get()).toEqual({ token: null, ended: 'none' });
  });

  it('keeps a new token in memory and storage, and removes it from both at the end, saying why', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    const seen: (string | null)[] = [];
    store.subscribe(() => seen.push(store.get().token));
    store.start('bss_b');
    expect(storage.items.get(SESSION_STORAGE_KEY)).toBe('bss_b');
    store.end('expired');
    expect(storage.items.has(SESSION_STORAGE_KEY)).toBe(false);
    expect(store.get()).toEqual({ token: null, ended: 'expired' });
    expect(seen).toEqual(['bss_b', null]);
  });

  it('works in memory alone when storage is missing or refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    for (const storage of [null, refusing]) {
      const store = createSessionStore(storage);
      store.start('bss_c');
      expect(store.get().token).toBe('bss_c');
      store.end('signed-out');
      expect(store.get()).toEqual({ token: null, ended: 'signed-out' });
    }
  });

});

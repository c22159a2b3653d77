// The session token: in memory, and in sessionStorage so a reload of the tab keeps it. Never localStorage:
// sessionStorage ends with the tab and is not shared with other tabs, which bounds what a stolen or forgotten
// token can do. Anything that reads or changes it goes through this store.

export const SESSION_STORAGE_KEY = 'credential-service.session';
/**
 * The permissions of the session's last `me`: a reload's first requests (api/early-requests.ts) choose a page's
 * variables by them before `me` is asked again. A hint only: the service decides, and the page asks again
 * with the variables the fresh `me` gives when they differ.
 */
export const PERMISSIONS_STORAGE_KEY = 'credential-service.permissions';

/** Why there is no session: never had one, signed out, or the service refused the token (expired, revoked). */
export type SessionEnd = 'none' | 'signed-out' | 'expired';

export type SessionState = { token: string | null; ended: SessionEnd };

type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type SessionStore = {
  get(): SessionState;
  subscribe(listener: () => void): () => void;
  start(token: string): void;
  end(reason: Exclude<SessionEnd, 'none'>): void;
  /** The permissions of the last `me` of this session, kept for the next load of the tab. */
  rememberPermissions(permissions: readonly string[]): void;
  rememberedPermissions(): string[] | null;
};

/** `storage`: the tab's sessionStorage (null where it is unavailable: the token then lives in memory only). */
export function createSessionStore(storage: TokenStorage | null): SessionStore {
  let state: SessionState = { token: read(storage), ended: 'none' };
  const listeners = new Set<() => void>();
  const set = (next: SessionState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start(token) {
      write(storage, token);
      set({ token, ended: 'none' });
    },
    end(reason) {
      write(storage, null);
      try {
        storage?.removeItem(PERMISSIONS_STORAGE_KEY);
      } catch {
        // Nothing kept, then.
      }
      if (state.token !== null || state.ended !== reason) set({ token: null, ended: reason });
    },
    rememberPermissions(permissions) {
      try {
        storage?.setItem(PERMISSIONS_STORAGE_KEY, JSON.stringify(permissions));
      } catch {
        // Memory only: the next load sends its page's request after `me`.
      }
    },
    rememberedPermissions() {
      try {
        const kept = JSON.parse(storage?.getItem(PERMISSIONS_STORAGE_KEY) ?? 'null') as unknown;
        return Array.isArray(kept) && kept.every((entry) => typeof entry === 'string') ? kept : null;
      } catch {
        return null;
      }
    },
  };
}

function read(storage: TokenStorage | null): string | null {
  try {
    return storage?.getItem(SESSION_STORAGE_KEY) || null;
  } catch {
    return null; // storage disabled by the browser's settings
  }
}

function write(storage: TokenStorage | null, token: string | null) {
  try {
    if (token === null) storage?.removeItem(SESSION_STORAGE_KEY);
    else storage?.setItem(SESSION_STORAGE_KEY, token);
  } catch {
    // Memory only, then.
  }
}

/** The tab's sessionStorage, or null where reading it throws (some privacy settings). */
export function tabStorage(): TokenStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

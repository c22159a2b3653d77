// Pure security decisions: which 403 text a denial gets, key usability, client address, cursors.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { permissionDenied, type Principal } from '../../src/auth/principal.js';
import { clientAddress } from '../../src/http/client-address.js';
import { decodeCursor, encodeCursor, pageLimit } from '../../src/lib/pagination.js';
import {
  API_KEY_PATTERN,
  isApiKeyUsable,
  lastUseIsStale,
  newApiKey,
  visiblePrefix,
} from '../../src/auth/api-key-tokens.js';
import { sha256 } from '../../src/lib/crypto.js';

const base = {
  userId: 'u',
  tenantId: 't',
  plan: 'developer' as const,
  compliance: { adopted: [], personalClaims: [], keyRotationDays: 365 },
  trustPolicy: null,
  role: { id: 'r', name: 'issuer' },
};

describe('permissionDenied', () => {
  it('names the role for sessions and unscoped keys', () => {
    const session: Principal = { ...base, kind: 'session', sessionId: 's', permissions: new Set() };
    const key: Principal = { ...base, kind: 'api_key', apiKeyId: 'k', scopes: null, permissions: new Set() };
    expect(permissionDenied(session, 'audit:read').message).toBe("role 'issuer' lacks permission: audit:read");
    expect(permissionDenied(key, 'audit:read').message).toBe("role 'issuer' lacks permission: audit:read");
    expect(permissionDenied(key, 'audit:read').status).toBe(403);
  });

  it('names the missing scope for a scoped key, and the role when the scope is there but the role lost it', () => {
    const scoped: Principal = {
      ...base,
      kind: 'api_key',
      apiKeyId: 'k',
      scopes: new Set(['credentials:issue']),
      permissions: new Set(),
    };
    expect(permissionDenied(scoped, 'credentials:revoke').message).toBe('API key missing scope: credentials:revoke');
    expect(permissionDenied(scoped, 'credentials:issue').message).toBe(
      "role 'issuer' lacks permission: credentials:issue",
    );
  });
});

describe('API keys', () => {
  it('are bsk_live_ + 48 lowercase hex, distinct, with a short visible prefix and their SHA-256', () => {
    const keys = Array.from({ length: 50 }, () => newApiKey());
    for (const { key, keyHash, prefix } of keys) {
      expect(key).toMatch(API_KEY_PATTERN);
      expect(prefix).toBe(key.slice(0, 15));
      expect(visiblePrefix(key)).toBe(prefix);
      expect(Buffer.from(keyHash)).toEqual(Buffer.from(sha256(key)));
    }
    expect(new Set(keys.map((k) => k.key)).size).toBe(50);
  });

  it('are unusable once revoked or expired', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(isApiKeyUsable({ revokedAt: null, expiresAt: null }, now)).toBe(true);
    expect(isApiKeyUsable({ revokedAt: null, expiresAt: new Date('2026-11-21T12:00:01Z') }, now)).toBe(true);
    expect(isApiKeyUsable({ revokedAt: null, expiresAt: now }, now)).toBe(false);
    expect(isApiKeyUsable({ revokedAt: new Date('2026-11-01Z'), expiresAt: null }, now)).toBe(false);
  });

  it('record their last use at most once a minute', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(lastUseIsStale(null, now)).toBe(true);
    expect(lastUseIsStale(new Date('2026-11-21T11:59:30Z'), now)).toBe(false);
    expect(lastUseIsStale(new Date('2026-11-21T11:59:00Z'), now)).toBe(true);
  });
});

describe('clientAddress', () => {
  const request = (remoteAddress: string, forwarded?: string) =>
    ({ socket: { remoteAddress }, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} }) as IncomingMessage;

  it('ignores X-Forwarded-For unless proxies are trusted', () => {
    expect(clientAddress(request('10.0.0.9', '1.2.3.4'), 0)).toBe('10.0.0.9');
  });

  it('takes the address just left of the trusted hops, never a client-chosen one further left', () => {
    expect(clientAddress(request('10.0.0.9', '1.2.3.4'), 1)).toBe('1.2.3.4');
    expect(clientAddress(request('10.0.0.9', 'spoofed, 1.2.3.4'), 1)).toBe('1.2.3.4');
    expect(clientAddress(request('10.0.0.9', 'spoofed, 1.2.3.4, 10.0.0.8'), 2)).toBe('1.2.3.4');
    expect(clientAddress(request('10.0.0.9'), 1)).toBe('10.0.0.9');
  });
});

describe('cursors and page sizes', () => {
  it('round-trip and refuse garbage', () => {
    const keyset = { createdAt: new Date('2026-11-21T12:00:00.123Z'), id: '0b0e7a44-7c1e-4a8e-9d55-8a1c0c2b9f10' };
    expect(decodeCursor(encodeCursor(keyset))).toEqual(keyset);
    expect(decodeCursor(undefined)).toBeUndefined();
    expect(() => decodeCursor('bm9wZQ')).toThrow('invalid cursor');
    expect(pageLimit(undefined)).toBe(50);
    expect(() => pageLimit(0)).toThrow(/limit/);
    expect(() => pageLimit(101)).toThrow(/limit/);
  });
});

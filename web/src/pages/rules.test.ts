// The small rules of the first pages: the slug proposed at sign-up, DID links, event summaries, months.
import { describe, expect, it } from 'vitest';
import { TENANT_SLUG_PATTERN } from '../../../src/modules/auth/auth.inputs';
import { didHref, didOfParam } from './dids.rules';
import { eventSummary, monthName } from './overview.rules';
import { slugOf } from './sign-up.rules';

describe('the slug proposed from an organisation’s name', () => {
  it('is in the service’s slug syntax', () => {
    const cases: [string, string][] = [
      ['Analytical Engines', 'analytical-engines'],
      ['  Ünïcödé  Façade GmbH & Co. ', 'unicode-facade-gmbh-co'],
      ['ACME--42', 'acme-42'],
    ];
    for (const [name, slug] of cases) {
      expect(slugOf(name), name).toBe(slug);
      expect(TENANT_SLUG_PATTERN.test(slug), slug).toBe(true);
    }
    expect(slugOf('x'.repeat(100)).length).toBe(63);
    expect(slugOf('!!!')).toBe('');
  });
});

describe('DID links', () => {
  it('carry the DID as one path segment and give it back', () => {
    for (const did of ['did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK', 'did:web:example.com%3A8443:issuers:a']) {
      const href = didHref(did);
      expect(href.split('/')).toHaveLength(3);
      expect(didOfParam(href.split('/')[2]!)).toBe(did);
    }
    expect(didOfParam('%E0%A4%A')).toBe('%E0%A4%A');
  });
});

describe('the overview', () => {
  it('sums up an event by its plain values', () => {
    expect(eventSummary({ did: 'did:key:z6Mk', key_type: 'Ed25519', nested: { x: 1 }, status: 'active', extra: 'x' })).toBe(
      'did: did:key:z6Mk, key_type: Ed25519, status: active',
    );
    expect(eventSummary(null)).toBe('');
  });

  it('names the month', () => {
    expect(monthName('2026-11', 'en-GB')).toBe('November 2026');
    expect(monthName('garbage')).toBe('garbage');
  });
});

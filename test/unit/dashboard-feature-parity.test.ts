// The dashboard's feature pages copy a few rules of the service to judge a form before sending it:
// the event catalogue a webhook subscribes to, a custom domain's name rule and a did:web path's. These are the
// ones whose service modules use Node's own modules, so they are compared here, under Node's types; the pages'
// other rules are tested beside them (web/src/pages/feature-rules.test.ts).
import { describe, expect, it } from 'vitest';
import { PATH_SEGMENT } from '../../src/modules/dids/methods/did-web/did-web.js';
import { domainNameProblem as serviceRule } from '../../src/modules/domains/domains.inputs.js';
import { EVENT_TYPES as CATALOGUE } from '../../src/modules/events/event-catalogue.js';
import { domainNameProblem, parseDidWebPath } from '../../web/src/pages/domains.rules.js';
import { EVENT_TYPES } from '../../web/src/vocabulary.js';

describe('the dashboard’s copies of the service’s rules', () => {
  it('offers exactly the service’s event types', () => {
    expect(Object.values(EVENT_TYPES).sort()).toEqual([...CATALOGUE].sort());
  });

  it('judges a domain name as the service does, with its texts', () => {
    const names = [
      'credentials.example.com',
      'a.b',
      'example',
      'Example.com',
      '-a.example.com',
      'a-.example.com',
      'a_b.example.com',
      '*.example.com',
      '10.0.0.1',
      '10.0.0.300',
      '01.2.3.4',
      '255.255.255.255',
      '::1',
      '[::1]',
      'fe80::1',
      '::ffff:10.0.0.1',
      'example.123',
      `${'a'.repeat(64)}.example.com`,
      `${'a.'.repeat(127)}com`,
      'xn--bcher-kva.example',
    ];
    for (const name of names) expect(domainNameProblem(name), name).toBe(serviceRule(name));
  });

  it('judges a did:web path segment as the service does', () => {
    for (const segment of ['a', '.x', '~', 'a.b-c_d', '..', '.', 'x'.repeat(64), 'x'.repeat(65), 'é', 'a b']) {
      expect(parseDidWebPath(segment).problem === null, segment).toBe(PATH_SEGMENT.test(segment));
    }
  });
});

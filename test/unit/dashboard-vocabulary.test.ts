// One vocabulary wherever the product speaks: its name (README, dashboard, GraphiQL, OpenAPI), event names (the
// dotted catalogue names REST and webhooks use, never the GraphQL enum's spelling), plan names (plans.ts
// displayName) and numbers ("10,000").
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME as SERVICE_NAME } from '../../src/lib/product.js';
import { EVENT_CATALOGUE, EVENT_TYPES as CATALOGUE } from '../../src/modules/events/event-catalogue.js';
import { PLANS } from '../../src/modules/plans/plans.js';
import {
  eventName,
  formatNumber,
  PLAN_LABELS,
  planLabel,
  PRODUCT_NAME,
  EVENT_TYPES,
  EVENT_READ_PERMISSION,
} from '../../web/src/vocabulary.js';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('the product’s vocabulary', () => {
  it('has one name: the README’s title, the dashboard’s, the OpenAPI document’s and GraphiQL’s', () => {
    expect(PRODUCT_NAME).toBe(SERVICE_NAME);
    expect(read('README.md').split('\n')[0]).toBe(`# ${PRODUCT_NAME}`);
    expect(read('web/index.html')).toContain(`<title>${PRODUCT_NAME}</title>`);
    expect(JSON.parse(read('docs/openapi.json')).info.title).toBe(PRODUCT_NAME);
    expect(read('src/graphql/yoga.ts')).toContain('GraphiQL · ${PRODUCT_NAME}');
    expect(read('src/graphql/yoga.ts')).not.toMatch(/Identity and Credential Service/);
  });

  it('names every event as REST and webhooks do', () => {
    expect(Object.values(EVENT_TYPES).sort()).toEqual([...CATALOGUE].sort());
    expect(eventName('credential_issued')).toBe('credential.issued');
    expect(eventName('trust_attestation_revoked')).toBe('trust.attestation.revoked');
    for (const [type, name] of Object.entries(EVENT_TYPES)) expect(type).toBe(name.replaceAll('.', '_'));
  });

  it('knows the permission each event type needs, as the catalogue does', () => {
    for (const [type, name] of Object.entries(EVENT_TYPES)) {
      expect(EVENT_READ_PERMISSION[type as keyof typeof EVENT_READ_PERMISSION], name).toBe(
        EVENT_CATALOGUE[name as keyof typeof EVENT_CATALOGUE].readPermission,
      );
    }
  });

  it('names plans by their display names', () => {
    for (const plan of Object.values(PLANS)) expect(PLAN_LABELS[plan.name]).toBe(plan.displayName);
    expect(planLabel('developer')).toBe('Developer');
  });

  it('formats numbers with thousands separators', () => {
    expect(formatNumber(10_000)).toBe('10,000');
    expect(formatNumber(20_000)).toBe('20,000');
    expect(formatNumber(7)).toBe('7');
  });
});

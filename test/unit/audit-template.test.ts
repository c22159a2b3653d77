// The hash SQL computes for an event it appends (issue_credentials()) from the service's template is the hash
// the verifier computes: the same RFC 8785 text with seq and prev_hash put in their places.
import { describe, expect, it } from 'vitest';
import {
  auditEventHash,
  auditRecordTemplate,
  GENESIS_HASH,
  templateHash,
} from '../../src/modules/audit/audit.chain.js';

describe('auditRecordTemplate', () => {
  it('gives the hash of the event it becomes at any seq and prev_hash', () => {
    const event = {
      tenantId: '0190f000-0000-7000-8000-000000000001',
      id: '0190f000-0000-7000-8000-000000000002',
      action: 'credential.issued',
      actorUserId: null,
      actorApiKeyId: '0190f000-0000-7000-8000-000000000003',
      targetType: 'credential',
      targetId: '0190f000-0000-7000-8000-000000000004',
      // Values that look like the parts the template cuts at.
      details: { subject_id: '"seq":0,"prev_hash":"', prev_hash: 'x', seq: 0, é: ['\u2028', 1.5] },
      requestId: 'req "seq":0',
      createdAt: new Date('2026-11-28T12:34:56.789Z'),
    };
    const template = auditRecordTemplate(event);
    for (const [seq, prevHash] of [
      [1, GENESIS_HASH],
      [12345, 'ab'.repeat(32)],
    ] as const) {
      expect(templateHash(template, seq, prevHash)).toBe(auditEventHash({ ...event, seq, prevHash }));
    }
  });
});

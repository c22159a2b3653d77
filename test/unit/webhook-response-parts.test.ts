import { describe, expect, it } from 'vitest';
import {
  MAX_RETRY_AFTER_SECONDS,
  parseRetryAfter,
  utf8Excerpt,
} from '../../src/modules/webhooks/delivery/response-parts.js';

const now = Date.UTC(2026, 0, 1, 12, 0, 0);

describe('Retry-After', () => {
  it('reads delta-seconds and HTTP-dates (RFC 9110 §10.2.3)', () => {
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Thu, 01 Jan 2026 12:02:00 GMT', now)).toBe(120);
    expect(parseRetryAfter('Thursday, 01-Jan-26 12:00:30 GMT', now)).toBe(30); // RFC 850 form
    expect(parseRetryAfter('Thu, 01 Jan 2026 11:00:00 GMT', now)).toBe(0); // in the past
  });

  it('caps at a day and ignores what is neither', () => {
    expect(parseRetryAfter('999999', now)).toBe(MAX_RETRY_AFTER_SECONDS);
    expect(parseRetryAfter('Fri, 01 Jan 2027 12:00:00 GMT', now)).toBe(MAX_RETRY_AFTER_SECONDS);
    for (const value of [undefined, '', '-5', '7.5', '1e3', 'soon', 'Thu, 99 Foo 2026']) {
      expect(parseRetryAfter(value, now)).toBeNull();
    }
  });
});

describe('response excerpt', () => {
  const bytes = (text: string) => Buffer.byteLength(text);

  it('keeps short bodies whole and cuts long ones at the limit', () => {
    expect(utf8Excerpt(Buffer.from('{"ok":true}'), 1024)).toBe('{"ok":true}');
    expect(utf8Excerpt(Buffer.alloc(5000, 'x'), 1024)).toBe('x'.repeat(1024));
  });

  it('never cuts a character in two', () => {
    // 'é' is 2 bytes, '€' 3, '😀' 4: the limit falls inside a character for the last two.
    expect(utf8Excerpt(Buffer.from('é'.repeat(600)), 1024)).toBe('é'.repeat(512));
    expect(utf8Excerpt(Buffer.from('€'.repeat(400)), 1024)).toBe('€'.repeat(341));
    expect(utf8Excerpt(Buffer.from('😀'.repeat(300)), 1022)).toBe('😀'.repeat(255));
    expect(utf8Excerpt(Buffer.from('a😀'), 3)).toBe('a');
  });

  it('stays within the limit for bodies that are not UTF-8, without NULs', () => {
    const binary = Buffer.alloc(4096, 0xff);
    binary[0] = 0;
    const text = utf8Excerpt(binary, 1024);
    expect(bytes(text)).toBeLessThanOrEqual(1024);
    expect(text).not.toContain('\u0000');
    expect(text.startsWith('\uFFFD')).toBe(true);
  });
});

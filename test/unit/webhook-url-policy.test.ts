import { describe, expect, it } from 'vitest';
import {
  MAX_WEBHOOK_URL_LENGTH,
  parseWebhookUrl,
  resolveDeliveryAddress,
  WebhookHostUnresolved,
  WebhookUrlNotAllowed,
  type AddressLookup,
} from '../../src/modules/webhooks/delivery/url-policy.js';

const strict = { allowPrivate: false };
const dev = { allowPrivate: true };
const prod = { production: true };

/** The refusal's message, or 'allowed'. */
async function verdict(hostname: string, options: { allowPrivate: boolean; lookup?: AddressLookup }) {
  try {
    await resolveDeliveryAddress(hostname, options);
    return 'allowed';
  } catch (error) {
    if (error instanceof WebhookUrlNotAllowed) return error.message;
    throw error;
  }
}

const lookupOf =
  (...addresses: string[]): AddressLookup =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('webhook url shape', () => {
  it('accepts https, and http outside production', () => {
    expect(parseWebhookUrl('https://hooks.example.com/in?x=1', prod).href).toBe('https://hooks.example.com/in?x=1');
    expect(parseWebhookUrl('http://127.0.0.1:8080/hook', { production: false }).port).toBe('8080');
  });

  it.each([
    ['not a url', 'not a valid url'],
    ['/relative/path', 'not a valid url'],
    ['ftp://files.example.com/x', 'the scheme must be https'],
    ['file:///etc/passwd', 'the scheme must be https'],
    ['javascript:alert(1)', 'the scheme must be https'],
    ['http://hooks.example.com/in', 'the scheme must be https'],
    ['https://user:secret@hooks.example.com/in', 'credentials in the url'],
    ['https://user@hooks.example.com/in', 'credentials in the url'],
    ['https://hooks.example.com/in#part', 'a fragment in the url'],
    ['https://hooks.example.com/in#', 'a fragment in the url'],
  ])('refuses %s in production', (raw, reason) => {
    const refusal = (() => {
      try {
        parseWebhookUrl(raw, prod);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(WebhookUrlNotAllowed);
    expect((refusal as Error).message).toBe(`webhook url not allowed: ${reason}`);
  });

  it('names both schemes outside production', () => {
    expect(() => parseWebhookUrl('ftp://x.example/', { production: false })).toThrow(
      'webhook url not allowed: the scheme must be http or https',
    );
  });

  it(`refuses urls longer than ${MAX_WEBHOOK_URL_LENGTH} characters`, () => {
    const base = 'https://hooks.example.com/';
    const longest = base + 'a'.repeat(MAX_WEBHOOK_URL_LENGTH - base.length);
    expect(parseWebhookUrl(longest, prod).href).toBe(longest);
    expect(() => parseWebhookUrl(longest + 'a', prod)).toThrow(
      `webhook url not allowed: longer than ${MAX_WEBHOOK_URL_LENGTH} characters`,
    );
  });
});

describe('webhook delivery address', () => {
  it('names the address and its class', async () => {
    await expect(resolveDeliveryAddress('127.0.0.1', strict)).rejects.toThrow(
      new WebhookUrlNotAllowed('127.0.0.1 is a loopback address'),
    );
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'], // as URL.hostname spells it
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.170.2', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.100.100.200', 'cloud metadata'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['fe80::1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'cloud metadata'],
    ['64:ff9b::7f00:1', 'loopback'], // NAT64 (RFC 6052) of 127.0.0.1
    ['64:ff9b:1::a00:1', 'special-purpose'], // local-use NAT64
    ['2002:c0a8:101::1', 'private'], // 6to4 of 192.168.1.1
    ['::7f00:1', 'reserved'], // IPv4-compatible, deprecated
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'], // documentation
    ['198.18.0.1', 'reserved'], // benchmarking
    ['2001:db8::1', 'reserved'], // documentation
    ['2001::1', 'Teredo'],
  ])('refuses %s (%s)', async (address, what) => {
    const message = await verdict(address, strict);
    expect(message).toMatch(/^webhook url not allowed: /);
    expect(message).toContain(what);
  });

  it('judges the address URL parsing produced, whatever the spelling', async () => {
    for (const raw of ['http://2130706433/', 'http://0x7f.1/', 'http://[::ffff:7f00:1]/', 'http://[0:0::1]/']) {
      const { hostname } = parseWebhookUrl(raw, { production: false });
      expect(await verdict(hostname, strict)).toContain('loopback');
    }
  });

  it("refuses 'localhost' (loopback via /etc/hosts)", async () => {
    expect(await verdict('localhost', strict)).toContain('loopback address');
  });

  it('passes public addresses through without DNS or a connection', async () => {
    const noDns: AddressLookup = () => Promise.reject(new Error('no lookup expected for a literal'));
    expect(await resolveDeliveryAddress('93.184.215.14', { ...strict, lookup: noDns })).toEqual({
      address: '93.184.215.14',
      family: 4,
    });
    expect(await resolveDeliveryAddress('[2606:4700::1111]', { ...strict, lookup: noDns })).toEqual({
      address: '2606:4700::1111',
      family: 6,
    });
    // NAT64 and IPv4-mapped forms of a public address stay public.
    expect(await verdict('64:ff9b::5db8:d70e', strict)).toBe('allowed');
    expect(await verdict('::ffff:93.184.215.14', strict)).toBe('allowed');
  });

  it('refuses a name when any of its addresses is refused, and returns the first otherwise', async () => {
    expect(await verdict('mixed.example', { ...strict, lookup: lookupOf('93.184.215.14', '10.0.0.5') })).toBe(
      'webhook url not allowed: 10.0.0.5 is a private address',
    );
    const both = lookupOf('2606:4700::1111', '93.184.215.14');
    expect(await resolveDeliveryAddress('public.example', { ...strict, lookup: both })).toEqual({
      address: '2606:4700::1111',
      family: 6,
    });
  });

  it('reports a name that does not resolve as unresolved, not as refused', async () => {
    const missing: AddressLookup = () => Promise.reject(Object.assign(new Error('nope'), { code: 'ENOTFOUND' }));
    const hanging: AddressLookup = () => new Promise(() => {});
    await expect(resolveDeliveryAddress('gone.example', { ...strict, lookup: missing })).rejects.toThrow(
      new WebhookHostUnresolved('gone.example', 'ENOTFOUND'),
    );
    await expect(resolveDeliveryAddress('empty.example', { ...strict, lookup: lookupOf() })).rejects.toBeInstanceOf(
      WebhookHostUnresolved,
    );
    await expect(
      resolveDeliveryAddress('slow.example', { ...strict, lookup: hanging, dnsTimeoutMs: 20 }),
    ).rejects.toThrow('could not resolve slow.example (timeout)');
  });

  it('lets loopback and private receivers through with allowPrivate, never metadata or unspecified', async () => {
    for (const address of [
      '127.0.0.1',
      '::1',
      '10.1.2.3',
      '192.168.1.1',
      '100.64.0.1',
      'fc00::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(await verdict(address, dev)).toBe('allowed');
    }
    expect(await resolveDeliveryAddress('localhost', dev)).toEqual({ address: '127.0.0.1', family: 4 });
    for (const address of [
      '169.254.169.254',
      '::ffff:169.254.169.254',
      'fd00:ec2::254',
      '100.100.100.200',
      '169.254.170.2',
      'fe80::1',
      '0.0.0.0',
      '::',
      '224.0.0.1',
    ]) {
      expect(await verdict(address, dev)).toMatch(/^webhook url not allowed: /);
    }
  });
});

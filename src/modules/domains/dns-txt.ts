// TXT lookups for domain verification through node:dns, at the servers of DNS_SERVERS (default: the system's).
// Three outcomes: the records found; the name or its TXT records are absent (NXDOMAIN, NODATA), which counts as
// "the record is gone"; or the lookup failed (timeout, SERVFAIL, refused), which says nothing about the record,
// so a DNS outage on our side never unverifies anyone's domain.
import { Resolver } from 'node:dns/promises';

export type TxtLookup =
  | { kind: 'found'; records: string[] }
  | { kind: 'absent'; reason: string }
  | { kind: 'failed'; reason: string };

const ABSENT: Record<string, string> = {
  ENOTFOUND: 'no such name (NXDOMAIN)',
  ENODATA: 'no TXT records at this name',
};

export type TxtResolver = (name: string) => Promise<TxtLookup>;

export function createTxtResolver({ servers, timeoutMs }: { servers: readonly string[]; timeoutMs: number }) {
  return async function lookupTxt(name: string): Promise<TxtLookup> {
    // One resolver per lookup: cancel() would otherwise cut other requests' lookups short.
    const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
    if (servers.length > 0) resolver.setServers([...servers]);
    try {
      // A record's character-strings are one value (RFC 7208 §3.3 joins them the same way).
      const records = (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
      return records.length > 0 ? { kind: 'found', records } : { kind: 'absent', reason: ABSENT.ENODATA! };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
      if (ABSENT[code]) return { kind: 'absent', reason: ABSENT[code] };
      return { kind: 'failed', reason: code === 'ETIMEOUT' ? 'DNS lookup timed out' : `DNS lookup failed (${code})` };
    }
  } satisfies TxtResolver;
}

// A real DNS server on loopback (UDP, RFC 1035 wire format) for the custom domain tests: it answers TXT
// questions from a table the test fills, NXDOMAIN, NODATA or SERVFAIL as told, or nothing at all (a timeout).
// The service reaches it through DNS_SERVERS, with node:dns as in production. Small enough to hold here
// rather than add a dependency: a question in, an answer out, no recursion, no TCP.
import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';

type Answer = { txt: string[] } | { rcode: 'NXDOMAIN' | 'SERVFAIL' | 'REFUSED' } | { silent: true };

const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;
const TYPE_TXT = 16;

export type TestDnsServer = {
  /** host:port, for DNS_SERVERS. */
  address: string;
  /** TXT records at `name` (an empty list: the name exists with no TXT, NODATA). */
  setTxt(name: string, values: string[]): void;
  setRcode(name: string, rcode: 'NXDOMAIN' | 'SERVFAIL' | 'REFUSED'): void;
  /** Never answer questions about `name`: the client times out. */
  setSilent(name: string): void;
  remove(name: string): void;
  /** Questions asked, lower-cased names. */
  asked: string[];
  close(): Promise<void>;
};

/** `unknown`: the answer to names not in the table (SERVFAIL says nothing of a record, NXDOMAIN that it is gone). */
export async function startDnsServer(unknown: 'NXDOMAIN' | 'SERVFAIL' = 'NXDOMAIN'): Promise<TestDnsServer> {
  const table = new Map<string, Answer>();
  const asked: string[] = [];
  const socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    const parsed = parseQuestion(query);
    if (!parsed) return;
    asked.push(parsed.name);
    const answer = table.get(parsed.name) ?? { rcode: unknown };
    if ('silent' in answer) return;
    const rcode = 'rcode' in answer ? RCODE[answer.rcode] : RCODE.NOERROR;
    const records = 'txt' in answer && parsed.type === TYPE_TXT ? answer.txt : [];
    socket.send(response(query, parsed.questionEnd, rcode, records), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    setTxt: (name, values) => table.set(name.toLowerCase(), { txt: values }),
    setRcode: (name, rcode) => table.set(name.toLowerCase(), { rcode }),
    setSilent: (name) => table.set(name.toLowerCase(), { silent: true }),
    remove: (name) => void table.delete(name.toLowerCase()),
    asked,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}

function parseQuestion(query: Buffer): { name: string; type: number; questionEnd: number } | null {
  if (query.length < 12 || query.readUInt16BE(4) !== 1) return null;
  const labels: string[] = [];
  let offset = 12;
  while (offset < query.length) {
    const length = query[offset]!;
    offset += 1;
    if (length === 0) break;
    if (length > 63) return null; // no compression in a question
    labels.push(query.toString('latin1', offset, offset + length));
    offset += length;
  }
  if (offset + 4 > query.length) return null;
  return { name: labels.join('.').toLowerCase(), type: query.readUInt16BE(offset), questionEnd: offset + 4 };
}

function response(query: Buffer, questionEnd: number, rcode: number, records: string[]): Buffer {
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // id
  const rd = query[2]! & 0x01;
  header[2] = 0x80 | 0x04 | rd; // QR, AA, RD as asked
  header[3] = 0x80 | rcode; // RA, RCODE
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  const answers = records.map((value) => {
    const bytes = Buffer.from(value, 'utf8');
    const chunks: Buffer[] = [];
    for (let at = 0; at < bytes.length || chunks.length === 0; at += 255) {
      const chunk = bytes.subarray(at, at + 255);
      chunks.push(Buffer.concat([Buffer.from([chunk.length]), chunk]));
    }
    const rdata = Buffer.concat(chunks);
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0); // the question's name
    fixed.writeUInt16BE(TYPE_TXT, 2);
    fixed.writeUInt16BE(1, 4); // IN
    fixed.writeUInt32BE(60, 6);
    fixed.writeUInt16BE(rdata.length, 10);
    return Buffer.concat([fixed, rdata]);
  });
  return Buffer.concat([header, query.subarray(12, questionEnd), ...answers]);
}

// pglite-prisma-adapter turns every bytea PGlite returns (hex text, "\x…") into bytes one pair of digits at a
// time (Uint8Array.from with a parseInt per byte): about a millisecond of CPU for a status list's 16 KiB,
// each time Prisma reads one. Node's hex decoder gives the same bytes in microseconds. The adapter asks with
// parsers of its own on every query, so the client it is handed substitutes the bytea one in them; every
// other type is parsed as the adapter says.
import { types, type PGlite, type Transaction } from '@electric-sql/pglite';

type ParserOptions = Record<number, (text: string, typeId: number) => unknown>;
type QueryOptions = { parsers?: ParserOptions } & Record<string, unknown>;

/** The bytes of a bytea in PostgreSQL's hex output ("\x0a1b…"), as the adapter returns them: a Uint8Array. */
export function parseByteaHex(text: string): Uint8Array {
  if (!text.startsWith('\\x')) throw new TypeError('bytea is not in hex format');
  const bytes = Buffer.from(text.slice(2), 'hex');
  // A Uint8Array of its own, not a view of Node's shared pool that Buffer.from uses for small values.
  return new Uint8Array(bytes);
}

const withFastBytea = new WeakMap<ParserOptions, ParserOptions>();
function fastByteaParsers(parsers: ParserOptions): ParserOptions {
  let patched = withFastBytea.get(parsers);
  if (!patched) {
    patched = { ...parsers, [types.BYTEA]: parseByteaHex };
    withFastBytea.set(parsers, patched);
  }
  return patched;
}

function patchOptions(options: QueryOptions | undefined): QueryOptions | undefined {
  return options?.parsers ? { ...options, parsers: fastByteaParsers(options.parsers) } : options;
}

/**
 * The PGlite (or one of its transactions) as the adapter should see it: the same object, except that queries
 * asking for parsers of their own parse bytea with parseByteaHex, and transactions hand out clients that do too.
 */
export function fastByteaClient<Client extends PGlite | Transaction>(client: Client): Client {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return (sql: string, params?: unknown[], options?: QueryOptions) =>
          target.query(sql, params, patchOptions(options) as never);
      }
      if (property === 'transaction' && 'transaction' in target) {
        return <T>(callback: (tx: Transaction) => Promise<T>) =>
          (target as PGlite).transaction((tx) => callback(fastByteaClient(tx)));
      }
      const value = Reflect.get(target, property, target);
      // PGlite keeps private fields: its methods must run on it, not on this proxy.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

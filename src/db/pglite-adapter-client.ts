// The PGlite that pglite-prisma-adapter is handed: the same database, with two costs of the adapter's queries
// taken out.
//
// - The parsers. The adapter passes parsers of its own on every query, and PGlite merges them into a copy of
//   the instance's (`{...instance, ...query}`): 318 of them, 295 for array types, in a sparse object whose copy
//   took ~120 µs of a 230 µs `SELECT 1` on a 2-core host. Here each field's parser is looked up in the same
//   order instead (the adapter's, then the instance's, then PGlite's base ones) and nothing is copied.
// - bytea. The adapter decodes hex a pair of digits at a time (Uint8Array.from with a parseInt per byte): about
//   2 ms for a status list's 16 KiB. Node's hex decoder gives the same bytes in ~27 µs.
//
// A query the adapter sends runs as PGlite's query() runs it, in the extended protocol: parse, describe the
// parameters, serialise each by its type, bind, describe the portal, execute, and always a sync, under the same
// locks (the transaction's and the query's outside a transaction; the query's inside one, whose lock the
// transaction holds), syncing the files after a query outside a transaction. Anything else (exec, the
// transaction's commit and rollback) is PGlite's own.
import { types, type PGlite, type Transaction } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';
import { serializeParameters } from './pglite-prepared.js';
import { exchange } from './pglite-wire.js';

type Parser = (text: string, typeId: number) => unknown;
type Parsers = Record<number, Parser>;
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Parsers } & Record<string, unknown>;
type Field = { name: string; dataTypeID: number };
type Message = { name: string; dataTypeIDs?: number[]; fields?: unknown[]; text?: string };
type Result = { rows: unknown[]; fields: Field[]; affectedRows: number; rowCount?: number; command?: string };

/** The bytes of a bytea in PostgreSQL's hex output ("\x0a1b…"), as the adapter returns them: a Uint8Array. */
export function parseByteaHex(text: string): Uint8Array {
  if (!text.startsWith('\\x')) throw new TypeError('bytea is not in hex format');
  const bytes = Buffer.from(text.slice(2), 'hex');
  // A Uint8Array of its own, not a view of Node's shared pool that Buffer.from uses for small values.
  return new Uint8Array(bytes);
}

/** The commands whose tag counts rows PostgreSQL changed (PGlite's affectedRows adds these up). */
const COUNTS_CHANGES = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

async function runQuery(
  pglite: PGlite,
  inTransaction: boolean,
  sql: string,
  params: unknown[] = [],
  options: QueryOptions,
): Promise<Result> {
  const step = (message: Uint8Array) => exchange(pglite, message, { syncToFs: false }) as Promise<Message[]>;
  const messages: Message[] = [];
  try {
    messages.push(...(await step(serialize.parse({ text: sql, types: [] }))));
    const described = await step(serialize.describe({ type: 'S' }));
    const parameterTypes = described.find((message) => message.name === 'parameterDescription')?.dataTypeIDs ?? [];
    const values = serializeParameters(pglite, parameterTypes, params);
    messages.push(...(await step(serialize.bind({ values }))));
    messages.push(...(await step(serialize.describe({ type: 'P' }))));
    messages.push(...(await step(serialize.execute({}))));
  } finally {
    messages.push(...(await step(serialize.sync())));
  }
  if (!inTransaction) await pglite.syncToFs();
  return resultOf(messages, pglite.parsers, options);
}

/** The first statement's result, as PGlite's parseResults gives it, each field parsed without a merged copy. */
function resultOf(messages: Message[], instanceParsers: Parsers, options: QueryOptions): Result {
  const own = options.parsers ?? {};
  const parserOf = (typeId: number): Parser | undefined =>
    typeId === types.BYTEA ? parseByteaHex : (own[typeId] ?? instanceParsers[typeId]);
  let fields: Field[] = [];
  let parsers: (Parser | undefined)[] = [];
  const rows: unknown[] = [];
  let affectedRows = 0;
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      fields = (message.fields as Field[]).map(({ name, dataTypeID }) => ({ name, dataTypeID }));
      parsers = fields.map(({ dataTypeID }) => parserOf(dataTypeID));
    } else if (message.name === 'dataRow') {
      const values = (message.fields as (string | null)[]).map((text, index) => {
        if (text === null) return null;
        const parser = parsers[index];
        return parser ? parser(text, fields[index]!.dataTypeID) : types.parseType(text, fields[index]!.dataTypeID);
      });
      rows.push(
        options.rowMode === 'array' ? values : Object.fromEntries(fields.map((field, i) => [field.name, values[i]])),
      );
    } else if (message.name === 'commandComplete') {
      const words = message.text!.split(' ');
      const command = words[0]!;
      const count = Number.parseInt(words[words.length - 1]!, 10);
      if (COUNTS_CHANGES.has(command)) affectedRows += count;
      return { rows, fields, affectedRows, command, ...(Number.isNaN(count) ? {} : { rowCount: count }) };
    }
  }
  return { rows, fields, affectedRows };
}

function withAdapterQueries<Client extends PGlite | Transaction>(
  pglite: PGlite,
  client: Client,
  inTransaction: boolean,
): Client {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return (sql: string, params?: unknown[], options?: QueryOptions) => {
          // Only the adapter's queries (parsers of their own) take this path; any other is PGlite's.
          if (!options?.parsers) return target.query(sql, params, options as never);
          if (inTransaction) return pglite._runExclusiveQuery(() => runQuery(pglite, true, sql, params, options));
          return pglite
            ._checkReady()
            .then(() =>
              pglite._runExclusiveTransaction(() =>
                pglite._runExclusiveQuery(() => runQuery(pglite, false, sql, params, options)),
              ),
            );
        };
      }
      if (property === 'transaction' && !inTransaction) {
        return <T>(callback: (tx: Transaction) => Promise<T>) =>
          pglite.transaction((tx) => callback(withAdapterQueries(pglite, tx, true)));
      }
      const value = Reflect.get(target, property, target);
      // PGlite keeps private fields: its methods must run on it, not on this proxy.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The client to hand to pglite-prisma-adapter for this PGlite. */
export function adapterClient(pglite: PGlite): PGlite {
  return withAdapterQueries(pglite, pglite, false);
}

// One exchange of wire-protocol messages with PGlite, the backend's answer parsed by pg-protocol (node-postgres's
// parser) instead of PGlite's own. PGlite's parser copies every string it reads into an ArrayBuffer of its own
// before decoding it (`buffer.slice` for each column of each row): on the suite's authorization matrix that
// copying was ~1 s of 26 s of CPU. pg-protocol decodes each value straight out of the received bytes
// (Buffer#toString with offsets). The messages are the same (PGlite's parser is a port of pg-protocol's):
// rowDescription, dataRow, commandComplete and the rest, with the same names and fields.
//
// As PGlite's execProtocol() does with throwOnError: the messages before an ErrorResponse are kept, the error
// is thrown once the exchange is over, as PGlite's DatabaseError (pglite-prisma-adapter recognises database
// errors by that class). Notices are dropped, as PGlite drops them without a debug level. The service never
// LISTENs on the embedded database, so no notification can arrive here.
import { messages as pgliteMessages, type PGlite } from '@electric-sql/pglite';
import type { BackendMessage, DatabaseError } from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';

/** The fields an ErrorResponse carries besides its message (pg-protocol's and PGlite's DatabaseError alike). */
const ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
] as const;

function asPGliteError(error: DatabaseError): InstanceType<typeof pgliteMessages.DatabaseError> {
  const converted = new pgliteMessages.DatabaseError(error.message, error.length, 'error');
  for (const field of ERROR_FIELDS) (converted as unknown as Record<string, unknown>)[field] = error[field];
  return converted;
}

/** Sends `message` (one or more frontend messages) and returns the backend's messages; throws its error. */
export async function exchange(
  pglite: PGlite,
  message: Uint8Array,
  { syncToFs }: { syncToFs: boolean },
): Promise<BackendMessage[]> {
  const parser = new Parser();
  const received: BackendMessage[] = [];
  let error: DatabaseError | undefined;
  await pglite.execProtocolRawStream(message, {
    syncToFs,
    // A view of PGlite's output buffer, reused for the next chunk: copied before the parser may keep part of it.
    onRawData: (chunk) =>
      parser.parse(Buffer.from(chunk), (parsed) => {
        if (error) return;
        if (parsed.name === 'error') error = parsed as DatabaseError;
        else if (parsed.name !== 'notice') received.push(parsed);
      }),
  });
  if (error) throw asPGliteError(error);
  return received;
}

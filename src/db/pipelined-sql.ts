// Short statements on PostgreSQL, pipelined: those asked in the same turn of the event loop go out together in
// one write on one of a few connections, each with its own Sync (so each succeeds or fails alone), and their
// answers come back in one read. On a 2-core host the write and the wake-up of a backend per statement were a
// fifth of a read's CPU; pipelined, a burst of reads pays them once.
//
// Only statements that never wait on a lock belong here: a statement queued behind one waiting for a row lock
// would wait with it. Those (an issue batch) use a pooled connection of their own.
import pg from 'pg';
import type { Logger } from '../lib/logger.js';
import type { PreparedSql } from './database.js';

type Asked = { config: pg.QueryConfig; resolve: (rows: unknown[]) => void; reject: (error: unknown) => void };

type Connection = { client: pg.Client; ready: Promise<void>; connected: boolean; inFlight: number; dead: boolean };

export type PipelinedSql = {
  sql: PreparedSql;
  /** Connections open now (the bound on them is tested). */
  connections(): number;
  close(): Promise<void>;
};

export type PipelineOptions = {
  url: string;
  /** Connections the statements are spread over (the least busy takes each turn's statements). */
  connections: number;
  connectTimeoutMs: number;
  log: Logger;
};

export function createPipelinedSql({ url, connections, connectTimeoutMs, log }: PipelineOptions): PipelinedSql {
  const slots: (Connection | undefined)[] = Array.from({ length: connections });
  let asked: Asked[] = [];
  let flushScheduled = false;
  let closed = false;

  function open(slot: number): Connection {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: connectTimeoutMs,
      application_name: 'credential-service pipelined reads',
      pipeline: true,
    } as pg.ClientConfig);
    const connection: Connection = { client, ready: Promise.resolve(), connected: false, inFlight: 0, dead: false };
    // A connection that fails or ends is dropped: the statements on it fail (node-postgres rejects them), and
    // the next turn opens a new one.
    const drop = (error?: Error) => {
      if (connection.dead) return;
      connection.dead = true;
      if (slots[slot] === connection) slots[slot] = undefined;
      if (error && !closed) log.warn({ err: error }, 'pipelined PostgreSQL connection failed');
    };
    client.on('error', drop);
    client.on('end', () => drop());
    connection.ready = client.connect().then(
      () => {
        connection.connected = true;
      },
      (error: unknown) => {
        drop();
        throw error;
      },
    );
    // Statements waiting for a connection that never opens are rejected through `ready`; nothing else awaits it.
    connection.ready.catch(() => {});
    return connection;
  }

  /** The live connection with the fewest statements in flight, opening one where a slot is empty. */
  function leastBusy(): Connection {
    let best: Connection | undefined;
    for (let slot = 0; slot < slots.length; slot++) {
      const connection = (slots[slot] ??= open(slot));
      if (!best || connection.inFlight < best.inFlight) best = connection;
    }
    return best!;
  }

  function send(connection: Connection, batch: Asked[]): void {
    if (connection.dead) {
      // It failed between being chosen and being connected: its statements go on another.
      return dispatch(batch);
    }
    // node-postgres keeps its socket on the client's (undeclared) `connection`.
    const { stream } = (connection.client as unknown as { connection: { stream: Corkable } }).connection;
    // node-postgres corks around each statement; the outer cork makes the whole batch one write.
    stream.cork();
    try {
      for (const { config, resolve, reject } of batch) {
        connection.inFlight++;
        connection.client.query(config).then(
          (result) => {
            connection.inFlight--;
            resolve(result.rows);
          },
          (error: unknown) => {
            connection.inFlight--;
            reject(error);
          },
        );
      }
    } finally {
      stream.uncork();
    }
  }

  function dispatch(batch: Asked[]): void {
    if (closed) {
      for (const { reject } of batch) reject(new Error('Connection terminated: the database was closed'));
      return;
    }
    const connection = leastBusy();
    if (connection.connected) return send(connection, batch);
    connection.ready.then(
      () => send(connection, batch),
      (error: unknown) => {
        for (const { reject } of batch) reject(error);
      },
    );
  }

  function flush() {
    flushScheduled = false;
    const batch = asked;
    asked = [];
    dispatch(batch);
  }

  return {
    sql: <Row>(name: string, text: string, values: unknown[]) =>
      new Promise<Row[]>((resolve, reject) => {
        asked.push({ config: { name, text, values }, resolve: resolve as (rows: unknown[]) => void, reject });
        if (!flushScheduled) {
          flushScheduled = true;
          // After the poll phase: every request read in this turn has asked its statement by then.
          setImmediate(flush);
        }
      }),
    connections: () => slots.filter((connection) => connection?.connected && !connection.dead).length,
    async close() {
      closed = true;
      await Promise.all(
        slots.map(async (connection) => {
          if (!connection || connection.dead) return;
          // Ends once the statements already sent are answered.
          await connection.ready.then(
            () => connection.client.end(),
            () => undefined,
          );
        }),
      );
    },
  };
}

type Corkable = { cork(): void; uncork(): void };

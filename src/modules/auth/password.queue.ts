// A bounded queue for CPU-heavy work: at most `concurrency` tasks run at once, at most `limit` more wait in
// line (first come, first served), and anything beyond that is refused. Refusing keeps the wait of those
// admitted short and leaves the rest of the process (event loop, database driver, libuv's other threadpool
// work) its share of the CPU, instead of letting an unbounded backlog grow latency for all.
//
// A refusal is answered only after `refusalDelayMs`: a client that ignores Retry-After (a flood does) would
// otherwise come straight back, and hundreds of connections spinning through instant refusals crowd the
// event loop as badly as the hashing did (measured: `npm run bench`, login flood).

export type QueueDepth = { running: number; waiting: number; concurrency: number; limit: number };

export type BoundedQueue = {
  /** Runs `task` when a slot is free; rejects with `refuse()` (after the delay) when the line is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Resolves at once when `run` would admit a task now; otherwise rejects as `run` would. */
  ensureRoom(): Promise<void>;
  depth(): QueueDepth;
};

export type BoundedQueueOptions = {
  concurrency: number;
  limit: number;
  refuse: () => Error;
  refusalDelayMs?: number;
};

export function createBoundedQueue({
  concurrency,
  limit,
  refuse,
  refusalDelayMs = 0,
}: BoundedQueueOptions): BoundedQueue {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be an integer >= 1');
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError('limit must be an integer >= 0');
  let running = 0;
  // The line stays short (it is bounded by `limit`), so an array's shift is cheap enough.
  const waiting: (() => void)[] = [];

  const full = () => running >= concurrency && waiting.length >= limit;

  async function refusal(): Promise<never> {
    if (refusalDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, refusalDelayMs));
    throw refuse();
  }

  function release() {
    const next = waiting.shift();
    // Hand the slot straight to the next in line: `running` never drops, so a newcomer cannot overtake.
    if (next) next();
    else running--;
  }

  async function run<T>(task: () => Promise<T>): Promise<T> {
    if (full()) return refusal();
    if (running < concurrency) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  }

  return {
    run,
    ensureRoom: () => (full() ? refusal() : Promise.resolve()),
    depth: () => ({ running, waiting: waiting.length, concurrency, limit }),
  };
}

// The job runner's polling, for production only (tests call runDue() themselves): a chain of unref'd
// timeouts, so it never keeps the process alive and a slow poll never overlaps the next one.
import type { Logger } from '../../lib/logger.js';

export function createPollLoop({
  poll,
  intervalMs,
  log,
}: {
  poll: () => Promise<unknown>;
  intervalMs: number;
  log: Logger;
}) {
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let stopped = false;
  let failing = false;

  function pollAfter(delayMs: number) {
    timer = setTimeout(() => {
      timer = undefined;
      polling = pollOnce().finally(() => (polling = undefined));
    }, delayMs);
    timer.unref();
  }

  async function pollOnce() {
    try {
      await poll();
      if (failing) log.info('claiming due jobs works again');
      failing = false;
    } catch (error) {
      // Once per outage, not once per poll.
      if (!failing) log.warn({ err: error }, 'claiming due jobs failed; the runner keeps polling');
      failing = true;
    }
    if (!stopped) pollAfter(intervalMs);
  }

  return {
    /** Polls now, then every intervalMs after each poll ends. */
    start() {
      if (!stopped && !timer && !polling) pollAfter(0);
    },
    /** No poll starts after this; resolves when the one under way (if any) has ended. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await polling;
    },
  };
}

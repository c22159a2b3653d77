// While a request waits out a 429 (api/client.ts sends it again after its Retry-After), every page says so
// and counts down, instead of showing the refusal where its data should be.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSession } from '../session/session';

export function RateLimitNotice() {
  const { rateLimits } = useSession();
  const retryAt = useSyncExternalStore(rateLimits.subscribe, rateLimits.retryAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (retryAt === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [retryAt]);
  if (retryAt === null) return null;
  const seconds = Math.max(0, Math.ceil((retryAt - now) / 1000));
  return (
    <p className="rate-limit-notice" role="status">
      Rate limited: retrying in {seconds} s. The plan allows a burst of requests, then a steady rate; the page asks
      again by itself.
    </p>
  );
}

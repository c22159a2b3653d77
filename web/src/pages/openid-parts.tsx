// Parts both OpenID pages share: the QR code a wallet scans (drawn from the service's SVG taken apart into
// shapes, openid.rules.ts qrDrawingOf), the link beside it, and following an offer or a request live: the page
// asks the service again on a timer while the offer or request can still change (pollDelay), never while the
// tab is hidden.
import { useEffect, useMemo, useRef } from 'react';
import { useSession } from '../session/session';
import { CopyableValue } from './feature-parts';
import { pollDelay, qrDrawingOf } from './openid.rules';
import './openid.css';

export function QrCode({ svg, label }: { svg: string; label: string }) {
  const drawing = useMemo(() => qrDrawingOf(svg), [svg]);
  if (!drawing) return <p className="muted">The QR code cannot be shown here: use the link.</p>;
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={drawing.viewBox}
      shapeRendering="crispEdges"
      data-testid="qr-code"
    >
      {drawing.shapes.map((shape, index) => (
        <path key={index} d={shape.d} fill={shape.fill ?? 'none'} stroke={shape.stroke} />
      ))}
    </svg>
  );
}

/** The QR code and the link it encodes, with a copy button: what carries an offer or a request to a wallet. */
export function WalletHandover({
  svg,
  link,
  linkLabel,
  qrLabel,
}: {
  svg: string;
  link: string;
  linkLabel: string;
  qrLabel: string;
}) {
  return (
    <div className="wallet-handover">
      <QrCode svg={svg} label={qrLabel} />
      <div className="wallet-link">
        <CopyableValue label={linkLabel} value={link} testId="wallet-link" />
        <p className="field-hint">
          Scan the code with a wallet on another device, or open the link on a device that has one.
        </p>
      </div>
    </div>
  );
}

/**
 * Asks again (`refresh`, with the network) on a timer while `open`; stops when it is not, or the page is left.
 * The delay grows with time and shrinks the tenant's budget less as it runs low (pollDelay).
 */
export function useFollow(open: boolean, refresh: () => void) {
  const { rateLimits } = useSession();
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    if (!open) return;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(
        () => {
          if (!document.hidden) latest.current();
          schedule();
        },
        pollDelay(Date.now() - started, rateLimits.get()),
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, [open, rateLimits]);
}

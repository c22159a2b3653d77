// Use of a limit as a progress bar (the native <progress>, so no inline style is needed and its role and
// values are announced), with the figures in text beside it. A null limit is unlimited: no bar. The bar's
// colour follows meter.rules.ts: a metered quota warns near its limit, a full allowance is neutral.
import { useId } from 'react';
import { formatNumber } from '../vocabulary';
import { meterLevel, type MeterKind } from './meter.rules';

const LEVEL_CLASS = {
  ok: 'meter',
  high: 'meter meter-high',
  full: 'meter meter-full',
  over: 'meter meter-full',
} as const;

export function Meter({
  label,
  used,
  limit,
  kind,
  unit,
}: {
  label: string;
  used: number;
  limit: number | null;
  kind: MeterKind;
  unit?: string;
}) {
  const id = useId();
  const suffix = unit ? ` ${unit}` : '';
  return (
    <div className={LEVEL_CLASS[meterLevel(used, limit, kind)]}>
      <div className="meter-text">
        <span id={`${id}-label`} className="meter-label">
          {label}
        </span>
        <span className="meter-figures" data-testid={`meter-${label}`}>
          {limit === null
            ? `${formatNumber(used)}${suffix} · unlimited`
            : `${formatNumber(used)} of ${formatNumber(limit)}${suffix}`}
        </span>
      </div>
      {limit !== null && (
        <progress aria-labelledby={`${id}-label`} value={Math.min(used, limit)} max={Math.max(limit, 1)} />
      )}
    </div>
  );
}

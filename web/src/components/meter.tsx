// Use of a limit as a progress bar (the native <progress>, so no inline style is needed and its role and
// values are announced), with the figures in text beside it. A null limit is unlimited: no bar.
import { useId } from 'react';

export function Meter({ label, used, limit, unit }: { label: string; used: number; limit: number | null; unit?: string }) {
  const id = useId();
  const level = limit === null ? 'meter' : used >= limit ? 'meter meter-full' : used / limit >= 0.8 ? 'meter meter-high' : 'meter';
  return (
    <div className={level}>
      <div className="meter-text">
        <span id={`${id}-label`} className="meter-label">
          {label}
        </span>
        <span className="meter-figures" data-testid={`meter-${label}`}>
          {limit === null ? `${used}${unit ? ` ${unit}` : ''} · unlimited` : `${used} of ${limit}${unit ? ` ${unit}` : ''}`}
        </span>
      </div>
      {limit !== null && <progress aria-labelledby={`${id}-label`} value={Math.min(used, limit)} max={Math.max(limit, 1)} />}
    </div>
  );
}

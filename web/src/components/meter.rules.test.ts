// When a usage bar warns: near or at a metered quota's limit, over any limit; a full allowance is not an alarm.
import { describe, expect, it } from 'vitest';
import { meterLevel } from './meter.rules';

describe('meterLevel', () => {
  it('leaves a full allowance (members 1 of 1, DIDs 1 of 1) neutral, and alarms only over it', () => {
    expect(meterLevel(1, 1, 'allowance')).toBe('ok');
    expect(meterLevel(0, 1, 'allowance')).toBe('ok');
    expect(meterLevel(24, 25, 'allowance')).toBe('ok');
    expect(meterLevel(2, 1, 'allowance')).toBe('over');
  });

  it('warns near a metered quota’s limit, alarms at it and over it', () => {
    expect(meterLevel(79, 100, 'metered')).toBe('ok');
    expect(meterLevel(80, 100, 'metered')).toBe('high');
    expect(meterLevel(100, 100, 'metered')).toBe('full');
    expect(meterLevel(101, 100, 'metered')).toBe('over');
  });

  it('has nothing to say of an unlimited quota', () => {
    expect(meterLevel(1_000_000, null, 'metered')).toBe('ok');
    expect(meterLevel(1_000_000, null, 'allowance')).toBe('ok');
  });
});

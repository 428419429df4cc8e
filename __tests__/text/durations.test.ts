import { describe, expect, it } from 'vitest';
import { formatElapsed, formatUtcMinute } from '../../src/text/durations.ts';

describe('formatElapsed', () => {
  it('formats elapsed time', () => {
    expect(formatElapsed(4_400)).toBe('4s');
    expect(formatElapsed(192_000)).toBe('3m12s');
    expect(formatElapsed(3_720_000)).toBe('1h02m');
  });
});

describe('formatUtcMinute', () => {
  it('reads the same in every time zone, to the minute', () => {
    expect(formatUtcMinute(Date.parse('2026-11-28T16:11:59.900Z'))).toBe('28 Nov 2026, 16:11 UTC');
    expect(formatUtcMinute(Date.parse('2027-01-05T03:04:00Z'))).toBe('5 Jan 2027, 03:04 UTC');
  });
});

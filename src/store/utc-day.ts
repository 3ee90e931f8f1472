// The daily quota's window: one UTC calendar day, from 00:00:00.000 UTC to the next midnight.

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of the UTC day containing `now` (Unix milliseconds). */
export function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** Milliseconds from `now` to the next 00:00 UTC (a full day when `now` is exactly midnight). */
export function msToNextUtcMidnight(now: number): number {
  return DAY_MS - (((now % DAY_MS) + DAY_MS) % DAY_MS);
}

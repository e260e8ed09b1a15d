/*
 * Calendar days as the shop owner means them: "orders from 1 May" starts at midnight in the website's
 * time zone, not in UTC and not in the server's zone. Daylight saving is taken into account.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Offset of the zone from UTC at that instant, in milliseconds (Berlin in summer: +7 200 000). */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** 'YYYY-MM-DD' that names a real day, or undefined. */
export function parseDay(text: string): { year: number; month: number; day: number } | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return undefined;
  return { year, month, day };
}

/** Epoch milliseconds of midnight at the start of the day in the zone. */
export function startOfDay(day: { year: number; month: number; day: number }, timeZone: string): number {
  const guess = Date.UTC(day.year, day.month - 1, day.day);
  let instant = guess - zoneOffset(guess, timeZone);
  // Once more with the offset at the found instant, for days on which the clocks change.
  instant = guess - zoneOffset(instant, timeZone);
  return instant;
}

/** Epoch milliseconds of midnight at the end of the day (the start of the next one). */
export function endOfDay(day: { year: number; month: number; day: number }, timeZone: string): number {
  const next = new Date(Date.UTC(day.year, day.month - 1, day.day + 1));
  return startOfDay(
    { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() },
    timeZone,
  );
}

/** 'YYYY-MM-DD HH:MM' of an instant in the zone, for lists and exports. */
export function localDateTime(instant: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

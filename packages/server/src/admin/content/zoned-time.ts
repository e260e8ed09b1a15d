/*
 * Wall-clock times of the website's time zone as the editor shows and sends them ('2026-07-04T14:00',
 * the value of <input type="datetime-local">), and the instants (epoch ms) storage keeps.
 */

const LOCAL = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):([0-5]\d)$/;

const formats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string) {
  let format = formats.get(timeZone);
  if (!format) {
    if (formats.size > 50) formats.clear();
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

function wallClock(instant: number, timeZone: string) {
  const parts = partsFormat(timeZone).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
  };
}

export const isLocalDateTime = (value: string) =>
  LOCAL.test(value) && localToInstant(value, 'UTC') !== undefined;

/**
 * The instant a wall-clock time of the zone names; undefined for impossible dates (31 February). A
 * time skipped by a clock change (02:30 on the spring-forward night) becomes the instant after the gap.
 */
export function localToInstant(local: string, timeZone: string): number | undefined {
  const m = LOCAL.exec(local);
  if (!m) return undefined;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  if (new Date(guess).getUTCDate() !== day) return undefined;
  const offsetAt = (instant: number) => {
    const w = wallClock(instant, timeZone);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - instant;
  };
  const first = guess - offsetAt(guess);
  return guess - offsetAt(first);
}

/** The wall-clock time of an instant in the zone, as '2026-07-04T14:00'. */
export function instantToLocal(instant: number, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${two(w.month)}-${two(w.day)}T${two(w.hour)}:${two(w.minute)}`;
}

// The `date` formatter's UNIX-style patterns (%Y-%m-%d %H:%M ...), always in English.

import type { ZonedTime } from './time-zone.js';
import { zoneAbbreviation } from './time-zone.js';

const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const SHORT_MONTHS = LONG_MONTHS.map((month) => month.slice(0, 3));
const DAY_MS = 86_400_000;

const pad = (value: number, width: number, fill = '0') => String(value).padStart(width, fill);

function dayOfYear(d: Date): number {
  return Math.floor((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / DAY_MS) + 1;
}

/** US week numbering: weeks start on Sunday and week 1 holds 1 January. */
function weekOfYear(d: Date): number {
  const firstWeekday = new Date(Date.UTC(d.getUTCFullYear(), 0, 1)).getUTCDay();
  return Math.floor((dayOfYear(d) - 1 + firstWeekday) / 7) + 1;
}

/** ISO 8601 week and its year: weeks start on Monday, week 1 holds the first Thursday. */
function isoWeek(d: Date): { week: number; year: number } {
  const thursday = new Date(d.getTime());
  thursday.setUTCHours(0, 0, 0, 0);
  thursday.setUTCDate(thursday.getUTCDate() + 3 - ((d.getUTCDay() + 6) % 7));
  const year = thursday.getUTCFullYear();
  return { week: Math.floor((dayOfYear(thursday) - 1) / 7) + 1, year };
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.trunc(abs / 60), 2)}:${pad(abs % 60, 2)}`;
}

/** The text of one conversion (the letter after '%'); undefined for unknown letters. */
function conversion(letter: string, t: ZonedTime): string | undefined {
  const d = t.local;
  const hour24 = d.getUTCHours();
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  const am = hour24 < 12;
  switch (letter) {
    case 'a':
      return SHORT_DAYS[d.getUTCDay()];
    case 'A':
      return LONG_DAYS[d.getUTCDay()];
    case 'b':
    case 'h':
      return SHORT_MONTHS[d.getUTCMonth()];
    case 'B':
      return LONG_MONTHS[d.getUTCMonth()];
    case 'c':
      return formatStrftime(t, `%a, %b ${d.getUTCDate()}, %Y ${hour12}:%M:%S %p %Z`);
    case 'C':
      return pad(Math.trunc(d.getUTCFullYear() / 100), 2);
    case 'd':
      return pad(d.getUTCDate(), 2);
    case 'D':
      return formatStrftime(t, '%m/%d/%y');
    case 'e':
      return pad(d.getUTCDate(), 2, ' ');
    case 'F':
      return formatStrftime(t, '%Y-%m-%d');
    case 'g':
      return pad(isoWeek(d).year % 100, 2);
    case 'G':
      return pad(isoWeek(d).year, 4);
    case 'H':
      return pad(hour24, 2);
    case 'i':
      return String(hour12);
    case 'I':
      return pad(hour12, 2);
    case 'j':
      return pad(dayOfYear(d), 3);
    case 'k':
      return pad(hour24, 2, ' ');
    case 'l':
      return pad(hour12, 2, ' ');
    case 'm':
      return pad(d.getUTCMonth() + 1, 2);
    case 'M':
      return pad(d.getUTCMinutes(), 2);
    case 'n':
      return '\n';
    case 'N':
      return pad(d.getUTCMilliseconds() * 1_000_000, 9);
    case 'p':
      return am ? 'AM' : 'PM';
    case 'P':
      return am ? 'am' : 'pm';
    case 'q':
      return String(Math.trunc(d.getUTCMonth() / 3) + 1);
    case 'r':
      return formatStrftime(t, `${hour12}:%M:%S %p`);
    case 'R':
      return formatStrftime(t, '%H:%M');
    case 's':
      return String(Math.trunc(t.epochMs / 1000));
    case 'S':
      return pad(d.getUTCSeconds(), 2);
    case 't':
      return '\t';
    case 'T':
      return formatStrftime(t, '%H:%M:%S');
    case 'u':
      return String(d.getUTCDay() === 0 ? 7 : d.getUTCDay());
    case 'U':
    case 'W':
      return pad(weekOfYear(d), 2);
    case 'v':
      return formatStrftime(t, '%e-%b-%Y');
    case 'V':
      return pad(isoWeek(d).week, 2);
    case 'w':
      return String(d.getUTCDay());
    case 'x':
      return formatStrftime(t, '%m/%d/%Y');
    case 'X':
      return formatStrftime(t, '%I:%M:%S %p');
    case 'y':
      return pad(((d.getUTCFullYear() % 100) + 100) % 100, 2);
    case 'Y':
      return String(d.getUTCFullYear());
    case 'z':
      return offsetText(t.offsetMinutes);
    case 'Z':
      return zoneAbbreviation(t.epochMs, t.zone);
    default:
      return undefined;
  }
}

/** Expands the pattern; '%%' is a percent sign and unknown conversions print nothing. */
export function formatStrftime(time: ZonedTime, pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch !== '%' || i === pattern.length - 1) {
      out += ch;
      continue;
    }
    const letter = pattern[++i];
    out += letter === '%' ? '%' : (conversion(letter, time) ?? '');
  }
  return out;
}

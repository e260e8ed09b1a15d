// "Add to Google Calendar" links of events, in the calendar's compact UTC date format (spec 9).

import { calendarCompactDate } from '@baukasten/commerce';
import type { Formatter } from '../../plugin-api.js';
import { asNumber, asText, field } from '../content/template-values.js';

/** The non-empty address parts of an event's location, comma separated. */
export function locationText(location: unknown): string {
  return ['addressLine1', 'addressLine2', 'addressCountry']
    .map((key) => asText(field(location, key)).trim())
    .filter((part) => part.length > 0)
    .join(', ');
}

export function googleCalendarUrl(event: unknown): string {
  const start = calendarCompactDate(asNumber(field(event, 'startDate'))) ?? '';
  const end = calendarCompactDate(asNumber(field(event, 'endDate'))) ?? '';
  const title = encodeURIComponent(asText(field(event, 'title')));
  let url = `http://www.google.com/calendar/event?action=TEMPLATE&text=${title}&dates=${start}/${end}`;
  const location = locationText(field(event, 'location'));
  if (location !== '') url += `&location=${encodeURIComponent(location)}`;
  return url;
}

export const googleCalendarUrlFormatter: Formatter = (value) => googleCalendarUrl(value);

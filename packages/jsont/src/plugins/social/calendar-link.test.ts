import { describe, expect, it } from 'vitest';
import { googleCalendarUrl, locationText } from './calendar-link.js';

describe('calendar link', () => {
  it('R7.7.3 R7.7.4 R9.5.8 carries the encoded title and UTC compact dates', () => {
    const url = googleCalendarUrl({
      title: 'Sommerfest & Markt',
      startDate: Date.UTC(2024, 6, 1, 18, 30, 5),
      endDate: Date.UTC(2024, 6, 1, 22, 0, 0),
    });
    expect(url).toBe(
      'http://www.google.com/calendar/event?action=TEMPLATE&text=Sommerfest%20%26%20Markt&dates=20240701T183005Z/20240701T220000Z',
    );
  });

  it('R7.7.5 adds the location only when it has text', () => {
    expect(locationText({ addressLine1: ' Hauptstr. 1 ', addressLine2: '', addressCountry: 'DE' })).toBe(
      'Hauptstr. 1, DE',
    );
    expect(googleCalendarUrl({ startDate: 0, endDate: 0, location: {} })).not.toContain('location=');
  });
});

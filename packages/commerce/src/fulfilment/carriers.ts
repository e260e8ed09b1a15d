/*
 * The parcel carriers a German shop ships with, and what a tracking number of each looks like. The link
 * is the carrier's public tracking page with the number filled in, so the shopper needs no account there.
 * Numbers are checked loosely: the patterns catch typos and a number pasted into the wrong carrier, but
 * carriers add formats over time, so each pattern is deliberately wider than the formats we know.
 */

export const CARRIER_IDS = ['dhl', 'dpd', 'hermes', 'gls', 'ups', 'deutsche-post'] as const;
export type CarrierId = (typeof CARRIER_IDS)[number];

export interface Carrier {
  id: CarrierId;
  name: string;
  /** Public tracking page; `{number}` is replaced by the URL-encoded tracking number. */
  trackingUrl: string;
  /** Tracking numbers after normaliseTrackingNumber. */
  pattern: RegExp;
  /** What a number of this carrier looks like, for the German message when one does not fit. */
  formatText: string;
}

export const CARRIERS: Readonly<Record<CarrierId, Carrier>> = {
  dhl: {
    id: 'dhl',
    name: 'DHL',
    trackingUrl: 'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode={number}',
    pattern: /^(?:\d{10,39}|JJD\d{8,30}|[A-Z]{2}\d{9}[A-Z]{2})$/,
    formatText: '12 bis 20 Ziffern, oder beginnt mit „JJD“',
  },
  dpd: {
    id: 'dpd',
    name: 'DPD',
    trackingUrl: 'https://tracking.dpd.de/status/de_DE/parcel/{number}',
    pattern: /^\d{13,28}[A-Z]?$/,
    formatText: '14 Ziffern',
  },
  hermes: {
    id: 'hermes',
    name: 'Hermes',
    trackingUrl: 'https://www.myhermes.de/empfangen/sendungsverfolgung/sendungsinformation#{number}',
    pattern: /^[A-Z]?\d{12,21}$/,
    formatText: '14 oder 16 Ziffern',
  },
  gls: {
    id: 'gls',
    name: 'GLS',
    trackingUrl: 'https://gls-group.com/DE/de/paketverfolgung?match={number}',
    pattern: /^(?:\d{8,20}|[A-Z0-9]{8})$/,
    formatText: '11 oder 12 Ziffern, oder 8 Zeichen (Track-ID)',
  },
  ups: {
    id: 'ups',
    name: 'UPS',
    trackingUrl: 'https://www.ups.com/track?loc=de_DE&tracknum={number}',
    pattern: /^(?:1Z[A-Z0-9]{16}|T\d{10}|\d{9,26})$/,
    formatText: 'beginnt mit „1Z“ und hat 18 Zeichen',
  },
  'deutsche-post': {
    id: 'deutsche-post',
    name: 'Deutsche Post',
    trackingUrl: 'https://www.deutschepost.de/de/s/sendungsverfolgung.html?piececode={number}',
    pattern: /^(?:[A-Z]{2}\d{9}[A-Z]{2}|[A-Z0-9]{10,40})$/,
    formatText: 'z. B. „RR123456789DE“',
  },
};

export const isCarrierId = (value: unknown): value is CarrierId =>
  typeof value === 'string' && (CARRIER_IDS as readonly string[]).includes(value);

export const carrierName = (id: string): string => (isCarrierId(id) ? CARRIERS[id].name : id);

export const MAX_TRACKING_NUMBER_LENGTH = 40;

/** Spaces, dashes and dots as printed on labels are dropped; letters become capitals. */
export const normaliseTrackingNumber = (text: string): string => text.replace(/[\s\-./]/g, '').toUpperCase();

export const CARRIER_MESSAGES = {
  carrierUnknown: 'Bitte wähle einen Versanddienstleister aus der Liste.',
  trackingTooLong: `Die Sendungsnummer darf höchstens ${MAX_TRACKING_NUMBER_LENGTH} Zeichen haben.`,
  trackingCharacters: 'Die Sendungsnummer darf nur Buchstaben und Ziffern enthalten.',
  trackingMismatch: (carrier: string, formatText: string) =>
    `Diese Sendungsnummer passt nicht zu ${carrier}. Eine ${carrier}-Sendungsnummer hat ${formatText}.`,
} as const;

export type TrackingCheck = { ok: true; trackingNumber: string } | { ok: false; message: string };

/**
 * The tracking number as it will be stored and linked, or a German message. An empty number is fine: a
 * shipment without tracking (a letter) is still a shipment, it just gets no link.
 */
export function checkTrackingNumber(carrierId: string, text: string): TrackingCheck {
  if (!isCarrierId(carrierId)) return { ok: false, message: CARRIER_MESSAGES.carrierUnknown };
  const number = normaliseTrackingNumber(text);
  if (number === '') return { ok: true, trackingNumber: '' };
  if (number.length > MAX_TRACKING_NUMBER_LENGTH)
    return { ok: false, message: CARRIER_MESSAGES.trackingTooLong };
  if (!/^[A-Z0-9]+$/.test(number)) return { ok: false, message: CARRIER_MESSAGES.trackingCharacters };
  const carrier = CARRIERS[carrierId];
  if (!carrier.pattern.test(number))
    return { ok: false, message: CARRIER_MESSAGES.trackingMismatch(carrier.name, carrier.formatText) };
  return { ok: true, trackingNumber: number };
}

/** The carrier's tracking page for this number; undefined without a number or for an unknown carrier. */
export function trackingUrlOf(carrierId: string, trackingNumber: string | undefined): string | undefined {
  if (!isCarrierId(carrierId) || !trackingNumber) return undefined;
  return CARRIERS[carrierId].trackingUrl.replace('{number}', encodeURIComponent(trackingNumber));
}

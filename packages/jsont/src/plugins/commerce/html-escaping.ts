// Escaping for the markup the commerce formatters write. Everything that comes from the store
// (product names, option values, custom texts, form answers) goes through here.

import { escapeAttributeQuotes, escapeHtmlAttribute } from '../html.js';

/** Escapes text for element content and double-quoted attributes alike. */
export const escapeHtml = escapeHtmlAttribute;

export { escapeAttributeQuotes };

/** A value serialised as JSON for a data attribute. */
export function jsonAttribute(value: unknown): string {
  const json = JSON.stringify(value ?? null);
  // JSON is dense with quotes and rarely holds & < >: then escaping is one pass over the quotes.
  if (!/[&<>]/.test(json)) return json.replaceAll('"', '&quot;');
  return escapeHtml(json.replace(/<\//g, '<\\/'));
}

/** The text a template tag prints for a plain value: nothing for null and undefined. */
export function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

// Escaping for the markup the commerce formatters write. Everything that comes from the store
// (product names, option values, custom texts, form answers) goes through here.

const ATTRIBUTE_CHARS: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
};

/** Escapes text for element content and double-quoted attributes alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ATTRIBUTE_CHARS[c]);
}

/**
 * Keeps an attribute from being broken out of, but leaves '&' alone: the legacy aria-label of the
 * variant select prints option names such as 'color&hue' as they are.
 */
export function escapeAttributeQuotes(text: string): string {
  return text.replace(/[<>"]/g, (c) => ATTRIBUTE_CHARS[c]);
}

/** A value serialised as JSON for a data attribute. */
export function jsonAttribute(value: unknown): string {
  return escapeHtml(JSON.stringify(value ?? null).replace(/<\//g, '<\\/'));
}

/** The text a template tag prints for a plain value: nothing for null and undefined. */
export function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

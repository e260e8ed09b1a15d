// Fills '{name}' placeholders in site texts ('from {fromPrice}', 'Only {qtyInStock} left!').
// Placeholders without a value stay as written, so a mistyped translation shows what went wrong.

export function fillPlaceholders(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{\s*([A-Za-z][\w]*)\s*\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

// HTML escaping shared by the plugins. Templates print many values and most need no escaping (a scan
// finds that out cheaply); short texts are copied in one pass, and long dense ones such as the JSON in
// data attributes go through native replaceAll passes. Both beat a regular expression with a callback.

const AMP = 38;
const LT = 60;
const GT = 62;
const QUOT = 34;

/** Escapes from `first` on (the first special character): the rare, slower part. */
function replaceFrom(text: string, first: number, amp: boolean, quotes: boolean): string {
  if (text.length > 200) {
    // Native replaceAll passes beat a JavaScript loop on long dense text such as JSON.
    let out = amp ? text.replaceAll('&', '&amp;') : text;
    out = out.replaceAll('<', '&lt;').replaceAll('>', '&gt;');
    return quotes ? out.replaceAll('"', '&quot;') : out;
  }
  // Short text: one pass copying the runs between special characters.
  let out = text.slice(0, first);
  let from = first;
  for (let i = first; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let entity: string;
    if (c === LT) entity = '&lt;';
    else if (c === GT) entity = '&gt;';
    else if (c === AMP && amp) entity = '&amp;';
    else if (c === QUOT && quotes) entity = '&quot;';
    else continue;
    out += text.slice(from, i) + entity;
    from = i + 1;
  }
  return out + text.slice(from);
}

// Each escaper scans inline and returns the text itself when nothing needs escaping (most values):
// small functions the JIT inlines into the formatters reliably.

/** `&`, `<` and `>` for text between tags; quotes stay as they are. */
export function escapeHtmlText(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === AMP || c === LT || c === GT) return replaceFrom(text, i, true, false);
  }
  return text;
}

/** `&`, `<`, `>` and `"`: for double-quoted attribute values (and element content alike). */
export function escapeHtmlAttribute(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === AMP || c === LT || c === GT || c === QUOT) return replaceFrom(text, i, true, true);
  }
  return text;
}

/** `<`, `>` and `"` only: keeps an attribute from being broken out of but leaves `&` as written. */
export function escapeAttributeQuotes(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LT || c === GT || c === QUOT) return replaceFrom(text, i, false, true);
  }
  return text;
}

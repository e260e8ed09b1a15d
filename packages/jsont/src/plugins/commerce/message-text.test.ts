import { describe, expect, it } from 'vitest';
import { escapeAttributeQuotes, escapeHtml, jsonAttribute } from './html-escaping.js';
import { fillPlaceholders } from './message-text.js';

describe('site text placeholders', () => {
  it('R8.8.11 fills known placeholders and keeps unknown ones visible', () => {
    expect(fillPlaceholders('from {fromPrice}', { fromPrice: '€5' })).toBe('from €5');
    expect(fillPlaceholders('Nur {qtyInStock} von {total}', { qtyInStock: 3 })).toBe('Nur 3 von {total}');
    expect(fillPlaceholders('{toString}', {})).toBe('{toString}');
  });
});

describe('escaping', () => {
  it('R3.5.3 escapes markup and quotes; the aria-label variant keeps ampersands', () => {
    expect(escapeHtml('a&b<c>"d"')).toBe('a&amp;b&lt;c&gt;&quot;d&quot;');
    expect(escapeAttributeQuotes('a&b"<')).toBe('a&b&quot;&lt;');
    expect(jsonAttribute({ a: '</script>' })).toBe('{&quot;a&quot;:&quot;&lt;\\/script&gt;&quot;}');
  });
});

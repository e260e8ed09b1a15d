import { describe, expect, it } from 'vitest';
import { markdownToHtml, sanitizedHtml } from './markdown.js';

describe('Markdown of text blocks', () => {
  it('renders headings, emphasis, code, links, lists, quotes and rules', () => {
    expect(markdownToHtml('## Über uns\n\nWir *lieben* **Keramik** und `Ton`.')).toBe(
      '<h2>Über uns</h2>\n<p>Wir <em>lieben</em> <strong>Keramik</strong> und <code>Ton</code>.</p>',
    );
    expect(markdownToHtml('1. Eins\n2. Zwei\n\n---\n\n> Zitat')).toBe(
      '<ol><li>Eins</li><li>Zwei</li></ol>\n<hr />\n<blockquote><p>Zitat</p></blockquote>',
    );
    expect(markdownToHtml('[Kontakt](/kontakt) und [Mail](mailto:hallo@example.de)')).toBe(
      '<p><a href="/kontakt">Kontakt</a> und <a href="mailto:hallo@example.de">Mail</a></p>',
    );
    expect(markdownToHtml('Zeile eins\nZeile zwei')).toBe('<p>Zeile eins<br />Zeile zwei</p>');
  });

  it('shows raw HTML as text and never links to javascript:', () => {
    expect(markdownToHtml('<img src=x onerror=alert(1)>')).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(markdownToHtml('[x](javascript:alert(1))')).not.toContain('href');
    expect(markdownToHtml('`<b>` bleibt Code')).toBe('<p><code>&lt;b&gt;</code> bleibt Code</p>');
  });

  it('sanitises owner HTML: scripts, handlers, frames and styles go, formatting stays', () => {
    expect(
      sanitizedHtml('<h2 class="x" onclick="y()">Hi</h2><iframe src="https://x"></iframe><style>p{}</style>'),
    ).toBe('<h2 class="x">Hi</h2>');
    expect(sanitizedHtml('<a href="//evil.example">x</a><img src="https://cdn.example/a.jpg" alt="A">')).toBe(
      '<a>x</a><img src="https://cdn.example/a.jpg" alt="A" />',
    );
  });
});

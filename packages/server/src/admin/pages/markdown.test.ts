import { describe, expect, it } from 'vitest';
import { markdownToHtml, sanitizedHtml } from './markdown.js';

describe('Markdown of text blocks', () => {
  it('renders headings, emphasis, code, links, lists, quotes and rules', () => {
    expect(markdownToHtml('## Über uns\n\nWir *lieben* **Keramik** und `Ton`.')).toBe(
      '<h2>Über uns</h2>\n<p>Wir <em>lieben</em> <strong>Keramik</strong> und <code>Ton</code>.</p>',
    );
    expect(markdownToHtml('1. Eins\n2. Zwei\n\n---\n\n> Zitat')).toBe(
      '<ol>\n<li>Eins</li>\n<li>Zwei</li>\n</ol>\n<hr />\n<blockquote>\n<p>Zitat</p>\n</blockquote>',
    );
    expect(markdownToHtml('[Kontakt](/kontakt) und [Mail](mailto:hallo@example.de)')).toBe(
      '<p><a href="/kontakt">Kontakt</a> und <a href="mailto:hallo@example.de">Mail</a></p>',
    );
    expect(markdownToHtml('Zeile eins\nZeile zwei')).toBe('<p>Zeile eins<br />\nZeile zwei</p>');
  });

  it('renders CommonMark beyond the old subset: tables with alignment, strikethrough, images, code blocks', () => {
    expect(markdownToHtml('| Tag | Zeit |\n|---|--:|\n| Mo | 9–18 |')).toBe(
      '<table>\n<thead>\n<tr>\n<th>Tag</th>\n<th style="text-align:right">Zeit</th>\n</tr>\n</thead>\n' +
        '<tbody>\n<tr>\n<td>Mo</td>\n<td style="text-align:right">9–18</td>\n</tr>\n</tbody>\n</table>',
    );
    expect(markdownToHtml('~~29 €~~ 19 €')).toBe('<p><s>29 €</s> 19 €</p>');
    expect(markdownToHtml('![Vase](/media/vase.jpg)')).toBe(
      '<p><img src="/media/vase.jpg" alt="Vase" /></p>',
    );
    expect(markdownToHtml('```\n<b>fett</b>\n```')).toBe('<pre><code>&lt;b&gt;fett&lt;/b&gt;\n</code></pre>');
    expect(markdownToHtml('3. Drei\n4. Vier')).toBe('<ol start="3">\n<li>Drei</li>\n<li>Vier</li>\n</ol>');
  });

  it('shows raw HTML as text and never links to javascript:', () => {
    expect(markdownToHtml('<img src=x onerror=alert(1)>')).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(markdownToHtml('[x](javascript:alert(1))')).not.toContain('href');
    // Only http(s), mailto, tel, site paths and anchors become links; the rest stays as typed.
    expect(markdownToHtml('[x](//evil.example) [y](ftp://x.de)')).toBe(
      '<p>[x](//evil.example) [y](ftp://x.de)</p>',
    );
    expect(markdownToHtml('![x](data:image/png;base64,AAA)')).not.toContain('<img');
    expect(sanitizedHtml('<td style="color:red;text-align:center">x</td>')).not.toContain('color');
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

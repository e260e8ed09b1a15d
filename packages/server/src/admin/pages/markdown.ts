import sanitizeHtml from 'sanitize-html';

/*
 * The Markdown an owner types into a text block, turned into HTML once when the block is saved (the
 * storefront then only prints it). A deliberately small subset: paragraphs, headings, emphasis,
 * inline code, links, bullet and numbered lists, quotes and rules. Raw HTML in the Markdown is shown
 * as text, never interpreted; the result still goes through the same sanitiser as HTML blocks, so a
 * link can only point at http(s), mailto, tel or a path of the site.
 */

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Links the text may carry; anything else stays plain text. */
const SAFE_HREF = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

function inline(text: string): string {
  // Code spans first, so nothing inside them is read as emphasis or links.
  const parts = text.split(/(`[^`\n]+`)/);
  return parts
    .map((part, i) => {
      if (i % 2 === 1) return `<code>${escapeHtml(part.slice(1, -1))}</code>`;
      let html = escapeHtml(part);
      html = html.replace(/\[([^\]\n]+)\]\(([^)\s]+)\)/g, (whole, label: string, href: string) => {
        const raw = href.replace(/&amp;/g, '&');
        return SAFE_HREF.test(raw) ? `<a href="${escapeHtml(raw)}">${label}</a>` : whole;
      });
      html = html.replace(/\*\*(?=\S)([^*]*?\S)\*\*/g, '<strong>$1</strong>');
      html = html.replace(/__(?=\S)([^_]*?\S)__/g, '<strong>$1</strong>');
      html = html.replace(/(^|[^*\w])\*(?=\S)([^*]*?\S)\*(?!\*)/g, '$1<em>$2</em>');
      html = html.replace(/(^|[^_\w])_(?=\S)([^_]*?\S)_(?!\w)/g, '$1<em>$2</em>');
      return html;
    })
    .join('');
}

type Line = {
  kind: 'blank' | 'heading' | 'rule' | 'bullet' | 'number' | 'quote' | 'text';
  text: string;
  level?: number;
};

function classify(raw: string): Line {
  const line = raw.replace(/\s+$/, '');
  if (line.trim() === '') return { kind: 'blank', text: '' };
  let m = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
  if (m) return { kind: 'heading', text: m[2], level: m[1].length };
  if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) return { kind: 'rule', text: '' };
  m = /^\s{0,3}[-*+]\s+(.*)$/.exec(line);
  if (m) return { kind: 'bullet', text: m[1] };
  m = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/.exec(line);
  if (m) return { kind: 'number', text: m[1] };
  m = /^\s{0,3}>\s?(.*)$/.exec(line);
  if (m) return { kind: 'quote', text: m[1] };
  return { kind: 'text', text: line.trim() };
}

function renderLines(lines: Line[]): string {
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.kind === 'blank') {
      i++;
    } else if (line.kind === 'heading') {
      out.push(`<h${line.level}>${inline(line.text)}</h${line.level}>`);
      i++;
    } else if (line.kind === 'rule') {
      out.push('<hr>');
      i++;
    } else if (line.kind === 'bullet' || line.kind === 'number') {
      const kind = line.kind;
      const items: string[] = [];
      while (i < lines.length && lines[i].kind === kind) {
        let text = lines[i].text;
        i++;
        // A following plain line continues the item.
        while (i < lines.length && lines[i].kind === 'text') text += ` ${lines[i++].text}`;
        items.push(`<li>${inline(text)}</li>`);
      }
      const tag = kind === 'bullet' ? 'ul' : 'ol';
      out.push(`<${tag}>${items.join('')}</${tag}>`);
    } else if (line.kind === 'quote') {
      const quoted: Line[] = [];
      while (i < lines.length && lines[i].kind === 'quote') quoted.push(classify(lines[i++].text));
      out.push(`<blockquote>${renderLines(quoted)}</blockquote>`);
    } else {
      const text: string[] = [];
      while (i < lines.length && lines[i].kind === 'text') text.push(lines[i++].text);
      out.push(`<p>${text.map(inline).join('<br>')}</p>`);
    }
  }
  return out.join('\n');
}

/** Options shared by Markdown output and HTML blocks: formatting, links, images; no scripts or frames. */
export const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'figure', 'figcaption'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    '*': ['class', 'id'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
};

/** Owner-written HTML as visitors may see it: no scripts, event handlers, frames, styles or `javascript:` links. */
export function sanitizedHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

export function markdownToHtml(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n').map(classify);
  return sanitizedHtml(renderLines(lines));
}

import { legalLinks as links } from '@baukasten/commerce';
import { escapeHtml } from '../email/email-templates.js';

/*
 * The legal pages and the "Vertrag widerrufen" function must be reachable from every page (§5 DDG:
 * "unmittelbar erreichbar und ständig verfügbar"; §356a Abs. 1 BGB: the withdrawal function "ständig
 * verfügbar, hervorgehoben platziert"). The theme's footer shows them from the page context; a layout an
 * owner wrote without them gets a plain footer list added before </body>.
 */

export const legalLinks = links;

const WITHDRAWAL_LINK = 'href="/vertrag-widerrufen"';

export function withLegalLinks(html: string): string {
  const end = html.lastIndexOf('</body>');
  if (html.includes(WITHDRAWAL_LINK) || end < 0) return html;
  const items = links()
    .map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.title)}</a></li>`)
    .join('');
  const nav = `<nav class="legal-links" aria-label="Rechtliches" data-legal-links><ul>${items}</ul></nav>\n`;
  return html.slice(0, end) + nav + html.slice(end);
}

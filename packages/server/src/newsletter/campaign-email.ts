import type { NewEmail } from '@baukasten/storage';
import { markdownToHtml } from '../admin/pages/markdown.js';
import { escapeHtml } from '../email/email-templates.js';

/*
 * A campaign mail as one confirmed subscriber gets it: the owner's Markdown as the plain-text part (it
 * reads well as it is) and rendered, sanitised HTML, each closing with the subscriber's own unsubscribe
 * link, which the law and every mail client expect in a newsletter.
 */

export interface CampaignEmailInput {
  to: string;
  siteTitle: string;
  subject: string;
  markdown: string;
  unsubscribeUrl: string;
}

export function campaignEmail(input: CampaignEmailInput): NewEmail {
  const footer = `Du bekommst diese E-Mail, weil du den Newsletter von ${input.siteTitle} abonniert hast.`;
  return {
    kind: 'newsletter-campaign',
    to: input.to,
    subject: input.subject,
    text: `${input.markdown.trim()}\n\n--\n${footer}\nAbmelden: ${input.unsubscribeUrl}\n`,
    html:
      `<!doctype html>\n<html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(input.subject)}</title></head>\n<body>\n` +
      `${markdownToHtml(input.markdown)}\n<hr>\n<p><small>${escapeHtml(footer)} ` +
      `<a href="${escapeHtml(input.unsubscribeUrl)}">Abmelden</a></small></p>\n</body></html>\n`,
  };
}

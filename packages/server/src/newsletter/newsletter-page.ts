import { PageType } from '@baukasten/commerce';

/*
 * The newsletter's own pages (confirm, unsubscribe). They are small standalone German HTML pages for
 * now; the theme can take them over with a template of page type 300 later. `?format=json` answers the
 * context, as every page does.
 */

export const newsletterTexts = {
  subscribed:
    'Fast geschafft! Bitte bestätige deine Anmeldung über den Link in der E-Mail, die wir dir gerade geschickt haben.',
  alreadySubscribed: 'Du bist bereits für den Newsletter angemeldet.',
  confirmedTitle: 'Anmeldung bestätigt',
  confirmed: 'Danke! Deine Anmeldung zum Newsletter ist bestätigt.',
  invalidLinkTitle: 'Link ungültig',
  invalidLink: 'Dieser Link ist ungültig oder abgelaufen.',
  unsubscribeTitle: 'Vom Newsletter abmelden',
  unsubscribeQuestion: 'Möchtest du dich wirklich vom Newsletter abmelden?',
  unsubscribeButton: 'Abmelden',
  unsubscribedTitle: 'Abgemeldet',
  unsubscribed: 'Du wurdest vom Newsletter abgemeldet und bekommst keine weiteren E-Mails.',
} as const;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

export interface NewsletterPage {
  pageType: number;
  siteTitle: string;
  title: string;
  message: string;
  /** Present on the unsubscribe question: the form posts it back. */
  unsubscribeToken?: string;
}

export const newsletterPage = (page: Omit<NewsletterPage, 'pageType'>): NewsletterPage => ({
  pageType: PageType.NEWSLETTER_UNSUBSCRIBE,
  ...page,
});

export function newsletterPageHtml(page: NewsletterPage, formAction: string): string {
  const form =
    page.unsubscribeToken === undefined
      ? ''
      : `\n<form method="post" action="${escapeHtml(formAction)}">` +
        `<input type="hidden" name="token" value="${escapeHtml(page.unsubscribeToken)}">` +
        `<button type="submit">${escapeHtml(newsletterTexts.unsubscribeButton)}</button></form>`;
  return (
    '<!doctype html>\n<html lang="de"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="robots" content="noindex"><title>${escapeHtml(page.title)} – ${escapeHtml(page.siteTitle)}</title></head>\n` +
    `<body class="newsletter-page" data-page-type="${page.pageType}">\n<main>\n<h1>${escapeHtml(page.title)}</h1>\n` +
    `<p>${escapeHtml(page.message)}</p>${form}\n</main>\n</body></html>\n`
  );
}

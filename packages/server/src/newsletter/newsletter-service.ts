import type { NewsletterSubscriber, Storage, Website } from '@baukasten/storage';
import { newsletterConfirmationEmail } from '../email/email-templates.js';

export const NEWSLETTER_CONFIRM_PATH = '/newsletter/bestaetigen';
export const NEWSLETTER_UNSUBSCRIBE_PATH = '/newsletter/abmelden';

/** Newsletter sign-up with double opt-in: a subscriber counts only after confirming by email. */
export class NewsletterService {
  constructor(private readonly storage: Storage) {}

  /**
   * Adds the address (or finds it) to the mailing list and, unless it is already confirmed, queues the
   * opt-in mail in the caller's transaction. Returns the subscriber and whether a mail was queued.
   * Without a list (blocks saved before lists existed, the restock form's "join the mailing list") or
   * with one deleted since, the address goes on the site's oldest list, so no sign-up is lost.
   */
  async subscribeIn(
    tx: Storage,
    website: Website,
    email: string,
    origin: string,
    listId?: string,
  ): Promise<{ subscriber: NewsletterSubscriber; mailed: boolean }> {
    const subscriber = await tx.newsletter.subscribe(website.id, email);
    const list =
      (listId ? await tx.mailingLists.find(website.id, listId) : undefined) ??
      (await tx.mailingLists.defaultList(website.id));
    await tx.mailingLists.addMember(website.id, list.id, subscriber.id);
    if (subscriber.status === 'confirmed') return { subscriber, mailed: false };
    const token = encodeURIComponent(subscriber.token);
    await tx.outbox.enqueue(
      website.id,
      newsletterConfirmationEmail({
        to: subscriber.email,
        siteTitle: website.title,
        confirmUrl: `${origin}${NEWSLETTER_CONFIRM_PATH}?token=${token}`,
        unsubscribeUrl: `${origin}${NEWSLETTER_UNSUBSCRIBE_PATH}?token=${token}`,
      }),
    );
    return { subscriber, mailed: true };
  }

  subscribe(website: Website, email: string, origin: string, listId?: string) {
    return this.storage.transaction((tx) => this.subscribeIn(tx, website, email, origin, listId));
  }

  confirm(website: Website, token: string) {
    return this.storage.newsletter.confirm(website.id, token);
  }

  unsubscribe(website: Website, token: string) {
    return this.storage.newsletter.unsubscribe(website.id, token);
  }
}

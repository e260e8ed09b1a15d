import { UserRole } from '@baukasten/commerce';
import type { SiteMember, Storage, Website } from '@baukasten/storage';
import { headerText, singleAddress } from './mailer.js';

/*
 * Who a website's mails come from (issue 23): the shop's name as the display name, with the address of
 * MAIL_FROM, which the platform's domain authenticates (SPF/DKIM, so DMARC passes); answers go to the
 * shop's "Antwortadresse" (store setting `replyToEmail`), by default the site owner's account email.
 * Mails of the platform itself (no website) keep MAIL_FROM as it is.
 */

/** The owner of a website: its first administrator, or undefined for a site without members. */
export async function siteOwnerEmail(storage: Storage, websiteId: string): Promise<string | undefined> {
  return ownerEmailOf(await storage.siteMembers.list(websiteId));
}

/** The owner's email among the website's members (as `siteOwnerEmail`, for a caller that has read them). */
export function ownerEmailOf(members: readonly SiteMember[]): string | undefined {
  const admins = members
    .filter((m) => m.roles.includes(UserRole.ADMIN))
    .sort((a, b) => a.createdAt - b.createdAt);
  return admins[0]?.email ?? members[0]?.email;
}

/** The Antwortadresse the owner set in the store settings, if any. */
const configuredReplyTo = (website: Website) =>
  singleAddress(
    typeof website.settings.replyToEmail === 'string' ? website.settings.replyToEmail : undefined,
  );

/** The shop's reply-to address: the one the owner set, else the owner's account email. */
export async function shopReplyTo(storage: Storage, website: Website): Promise<string | undefined> {
  return configuredReplyTo(website) ?? (await siteOwnerEmail(storage, website.id));
}

/** `shopReplyTo` from members already read. */
export function shopReplyToOf(website: Website, members: readonly SiteMember[]): string | undefined {
  return configuredReplyTo(website) ?? ownerEmailOf(members);
}

/** The From of a website's mails: `"<site title>" <address of MAIL_FROM>`. */
export function shopFrom(mailFrom: string, siteTitle: string): string {
  const address = /<([^<>]*)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  // Quotes and backslashes would end the quoted name early; the mailer makes it one line.
  const name = headerText(siteTitle).replace(/["\\]/g, '');
  return name ? `"${name}" <${address}>` : mailFrom;
}

export interface Sender {
  from: string;
  replyTo?: string;
}

/** Looks each website up once per delivery round; the platform's mails keep MAIL_FROM. */
export function senderLookup(storage: Storage, mailFrom: string) {
  const cache = new Map<string, Promise<Sender>>();
  return (websiteId: string | null): Promise<Sender> => {
    if (!websiteId) return Promise.resolve({ from: mailFrom });
    let sender = cache.get(websiteId);
    if (!sender) {
      sender = (async () => {
        const website = await storage.websites.findById(websiteId);
        if (!website) return { from: mailFrom };
        const replyTo = await shopReplyTo(storage, website);
        return { from: shopFrom(mailFrom, website.title), ...(replyTo ? { replyTo } : {}) };
      })();
      cache.set(websiteId, sender);
    }
    return sender;
  };
}

import type { Storage, Website } from '@baukasten/storage';
import { collectionPath, contentCollectionKind, eventContext, postContext } from './content-context.js';

/*
 * Page blocks that show content: the summary block of a blog (latest posts) or of an events collection
 * (next events), and the links block of the site's social accounts (spec 3: userName, profileUrl,
 * serviceName, kept in the website settings as socialAccounts).
 */

export interface SocialAccount {
  serviceName: string;
  userName: string;
  profileUrl: string;
}

const SERVICE_LABELS: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  twitter: 'X',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
  tiktok: 'TikTok',
  mastodon: 'Mastodon',
  vimeo: 'Vimeo',
  github: 'GitHub',
  email: 'E-Mail',
};

/** Only web and mail addresses become links; anything else in the settings is left out. */
const isSafeProfileUrl = (url: string, serviceName: string) =>
  serviceName === 'email' ? /^mailto:[^\s@]+@[^\s@]+$/i.test(url) : /^https:\/\/[^\s]+$/i.test(url);

export function socialAccounts(website: Website): SocialAccount[] {
  const stored = website.settings.socialAccounts;
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry) => {
    const { serviceName, userName, profileUrl } = (entry ?? {}) as Partial<Record<string, unknown>>;
    if (typeof serviceName !== 'string' || typeof profileUrl !== 'string') return [];
    const service = serviceName.trim().toLowerCase();
    if (!isSafeProfileUrl(profileUrl.trim(), service)) return [];
    return [
      {
        serviceName: service,
        userName: typeof userName === 'string' ? userName : '',
        profileUrl: profileUrl.trim(),
      },
    ];
  });
}

export function socialLinksBlock(website: Website, block: Record<string, unknown>) {
  const accounts = socialAccounts(website).map((account) => ({
    ...account,
    serviceLabel: SERVICE_LABELS[account.serviceName] ?? account.serviceName,
  }));
  return accounts.length > 0 ? { ...block, accounts } : { type: 'missing' };
}

/** Latest posts or next events of the block's collection; undefined for other collections. */
export async function contentSummaryBlock(
  storage: Storage,
  website: Website,
  block: Record<string, unknown>,
) {
  const urlId = typeof block.collectionUrlId === 'string' ? block.collectionUrlId : '';
  const source = await storage.collections.findByUrlId(website.id, urlId);
  if (!source) return undefined;
  const kind = contentCollectionKind(source);
  if (!kind) return undefined;
  const limit = Math.min(Math.max(Math.trunc(Number(block.limit)) || 6, 1), 30);
  const more = { title: source.title, fullUrl: collectionPath(source) };
  if (kind === 'blog') {
    const { items } = await storage.content.listPosts(website.id, source.id, { limit });
    return {
      ...block,
      typeName: kind,
      source: more,
      items: items.map((post) => {
        const ctx = postContext(post, source, website);
        return { ...ctx, dateText: ctx.publishedText, dateIso: ctx.publishedIso };
      }),
    };
  }
  const { items } = await storage.content.listEvents(website.id, source.id, { when: 'upcoming', limit });
  return {
    ...block,
    typeName: kind,
    source: more,
    items: items.map((event) => {
      const ctx = eventContext(event, source, website);
      return { ...ctx, dateText: ctx.startText, dateIso: ctx.startIso };
    }),
  };
}

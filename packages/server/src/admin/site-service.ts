import { CollectionType, siteTemplate, type TemplateId, UserRole } from '@baukasten/commerce';
import {
  type Account,
  type Block,
  type Storage,
  StorageError,
  seedDemoShop,
  type Website,
} from '@baukasten/storage';
import { templateHomeSections } from '@baukasten/theme';
import { HttpError } from '../http-error.js';
import { adminMessages } from './admin-messages.js';

export interface NewSite {
  title: string;
  subdomain: string;
  currency: string;
  timeZone: string;
  starter: 'empty' | 'demo';
  /** The template whose styles (and, on an empty site, home sections) the site starts with. */
  template?: TemplateId;
}

const taken = (hostname: string) =>
  new HttpError(409, 'SUBDOMAIN_TAKEN', adminMessages.subdomainTaken(hostname));

/**
 * Creates a website at `<subdomain>.<baseDomain>` with its creator as admin, in one transaction: a
 * site nobody can administer never exists, not even for a moment.
 */
export async function createSite(
  storage: Storage,
  account: Account,
  input: NewSite,
  baseDomain: string,
): Promise<Website> {
  const hostname = `${input.subdomain}.${baseDomain}`;
  try {
    return await storage.transaction(async (tx) => {
      if (await tx.websites.findByHostname(hostname)) throw taken(hostname);
      const website =
        input.starter === 'demo' ? await demoSite(tx, hostname, input) : await emptySite(tx, hostname, input);
      await tx.siteMembers.add(website.id, account.id, [UserRole.ADMIN]);
      return website;
    });
  } catch (error) {
    // Another owner took the name between our check and the insert.
    if (error instanceof StorageError && error.type === 'HOSTNAME_TAKEN') throw taken(hostname);
    throw error;
  }
}

/** An empty site still has a home page, so its address shows something instead of "not found". */
async function emptySite(tx: Storage, hostname: string, input: NewSite): Promise<Website> {
  const website = await tx.websites.create({
    title: input.title,
    hostnames: [hostname],
    locale: 'de-DE',
    timeZone: input.timeZone,
    currency: input.currency,
    settings: {
      storeSettings: { selectedCurrency: input.currency },
      ...(input.template ? { siteStyles: siteTemplate(input.template)?.styles } : {}),
    },
  });
  await tx.collections.create(website.id, {
    type: CollectionType.PAGE,
    urlId: '',
    title: 'Start',
    position: 0,
    // A template brings its home-page sections; they are ordinary blocks the owner edits from then on.
    // Storage's Block type does not list the section kinds yet (as in demo-shop.ts); the editor's
    // validation checks them (admin/pages/template-home-sections.test.ts).
    blocks: input.template
      ? (templateHomeSections(input.template, input.title) as unknown as Block[])
      : [{ type: 'heading', text: input.title, level: 1 }],
  });
  return website;
}

/**
 * The demo shop's pages, products and contact form under the owner's title, currency and time zone.
 * seedDemoShop creates the website itself; the hostname was checked free inside this transaction, so
 * the website it answers with is the one it just made.
 */
async function demoSite(tx: Storage, hostname: string, input: NewSite): Promise<Website> {
  // An owner's own shop: no test payments unless the owner switches its Testmodus on (review #18).
  const { websiteId } = await seedDemoShop(tx, { hostnames: [hostname], testMode: false });
  const website = await tx.websiteAdmin.update(websiteId, {
    title: input.title,
    timeZone: input.timeZone,
    currency: input.currency,
    // The demo's own pages and products stay; the template gives them its look.
    ...(input.template ? { settings: { siteStyles: siteTemplate(input.template)?.styles } } : {}),
  });
  const [only, ...more] = website?.hostnames ?? [];
  if (!website || only !== hostname || more.length > 0) throw taken(hostname);
  return website;
}

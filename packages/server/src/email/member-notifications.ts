import { formatMoney, rolesAllow, UserRole } from '@baukasten/commerce';
import type { SiteMember, Storage, Website } from '@baukasten/storage';
import { zonedDay, zonedMidnight } from '../content/content-context.js';
import { keptWithWebsite } from '../kept-with-website.js';
import { html } from './email-templates.js';
import { shopReplyToOf } from './shop-sender.js';

/*
 * Which of the shop's people get which mail (issue 23). Every member who may see the orders chooses
 * "Neue Bestellungen per E-Mail" (on by default for the owner, the site's first administrator, whose mail
 * goes to the shop's Antwortadresse as before; off for the others) and "Tägliche Zusammenfassung" (off
 * by default): yesterday's orders, revenue and low stock, queued once per member and shop day.
 */

export interface MemberNotificationSettings {
  newOrders: boolean;
  dailySummary: boolean;
}

/** The site's owner: its first administrator, else its first member. */
export function ownerOf(members: SiteMember[]): SiteMember | undefined {
  const byAge = [...members].sort((a, b) => a.createdAt - b.createdAt);
  return byAge.find((m) => m.roles.includes(UserRole.ADMIN)) ?? byAge[0];
}

const seesOrders = (member: SiteMember) => rolesAllow(member.roles, 'commerce.view');

/** One member's settings, defaults applied. */
export async function memberSettings(
  storage: Storage,
  websiteId: string,
  accountId: string,
): Promise<MemberNotificationSettings> {
  const [members, choices] = await Promise.all([
    storage.siteMembers.list(websiteId),
    storage.memberNotifications.choicesOf(websiteId),
  ]);
  const choice = choices.get(accountId);
  return {
    newOrders: choice?.newOrders ?? ownerOf(members)?.accountId === accountId,
    dailySummary: choice?.dailySummary ?? false,
  };
}

/**
 * Where the new-order mail goes: the owner (unless switched off) at the shop's Antwortadresse, and each
 * other member who switched it on at their account's address; each address once.
 */
export async function newOrderRecipients(storage: Storage, website: Website): Promise<string[]> {
  const [members, choices] = await Promise.all([
    storage.siteMembers.list(website.id),
    storage.memberNotifications.choicesOf(website.id),
  ]);
  const owner = ownerOf(members);
  const addresses: string[] = [];
  // A site without members (made by a tool) still tells its Antwortadresse, as before members could choose.
  if (!owner || (choices.get(owner.accountId)?.newOrders ?? true)) {
    // From the members just read: the same answer as shopReplyTo, without reading them again.
    const to = shopReplyToOf(website, members);
    if (to) addresses.push(to);
  }
  for (const member of members) {
    if (member.accountId === owner?.accountId || !seesOrders(member)) continue;
    if (choices.get(member.accountId)?.newOrders === true) addresses.push(member.email);
  }
  const seen = new Set<string>();
  return addresses.filter((a) => {
    const key = a.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * `newOrderRecipients`, kept with the website object for the checkout (a write to the site's members or
 * their choices renews the object: ContentChanges' SITE_FACTS). Reading the two tables cost every checkout
 * some 60 µs of CPU (bench/cart/profile-checkout.mjs).
 */
export const rememberedOrderRecipients = keptWithWebsite(
  (storage, website): Promise<readonly string[]> => newOrderRecipients(storage, website),
);

/** 'YYYY-MM-DD' of a wall-clock day. */
const dayText = (d: { year: number; month: number; day: number }) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** The shop day before the one `now` falls on, with its start and end instants. */
export function previousShopDay(now: number, timeZone: string): { day: string; from: number; to: number } {
  const today = zonedDay(now, timeZone);
  const to = zonedMidnight(today.year, today.month, today.day, timeZone);
  // Noon of the day before is always inside it, whatever the clocks did that night.
  const yesterday = zonedDay(to - 12 * 3_600_000, timeZone);
  return {
    day: dayText(yesterday),
    from: zonedMidnight(yesterday.year, yesterday.month, yesterday.day, timeZone),
    to,
  };
}

/** Queues each due daily summary once: for every member who asked, the shop day before today. */
export async function sendDailySummaries(storage: Storage, now = Date.now()): Promise<number> {
  let queued = 0;
  const websites = new Map<string, Promise<Website | undefined>>();
  for (const reader of await storage.memberNotifications.dailySummaryReaders()) {
    if (!websites.has(reader.websiteId))
      websites.set(reader.websiteId, storage.websites.findById(reader.websiteId));
    const website = await websites.get(reader.websiteId);
    if (!website) continue;
    const member = (await storage.siteMembers.list(website.id)).find((m) => m.accountId === reader.accountId);
    if (!member || !seesOrders(member)) continue;
    const day = previousShopDay(now, website.timeZone);
    const sent = await storage.transaction(async (tx) => {
      // The claim and the mail commit together: exactly one summary per member and day, on any instance.
      if (!(await tx.memberNotifications.claimDailySummary(website.id, member.accountId, day.day, now)))
        return false;
      const [figures, lowStock] = await Promise.all([
        tx.memberNotifications.dayFigures(website.id, day.from, day.to),
        tx.memberNotifications.lowStock(website.id),
      ]);
      const locale = website.locale || 'de-DE';
      const dayName = new Intl.DateTimeFormat('de-DE', {
        timeZone: website.timeZone,
        dateStyle: 'full',
      }).format(day.from + 12 * 3_600_000);
      const revenue =
        figures.revenue.map((r) => formatMoney(r.amountMinor, r.currency, locale)).join(' + ') ||
        formatMoney(0, website.currency, locale);
      const subject = `Tägliche Zusammenfassung für ${website.title}: ${dayName}`;
      const paragraphs = [
        `Hallo ${member.name || ''}`.trim().concat(','),
        `so lief ${dayName} bei ${website.title}:`,
        `Bestellungen: ${figures.orderCount}\nUmsatz: ${revenue}`,
        lowStock.length > 0
          ? [
              'Niedriger Lagerbestand:',
              ...lowStock.map(
                (v) => `${v.itemTitle} (${v.sku}): noch ${v.qtyInStock} (Warnschwelle ${v.threshold})`,
              ),
            ].join('\n')
          : 'Kein Artikel ist unter seiner Warnschwelle.',
        'Du bekommst diese Zusammenfassung, weil du sie in den Einstellungen der Website unter „Benachrichtigungen“ eingeschaltet hast.',
      ];
      await tx.outbox.enqueue(
        website.id,
        {
          kind: 'daily-summary',
          to: member.email,
          subject,
          text: `${paragraphs.join('\n\n')}\n`,
          html: html(subject, paragraphs),
        },
        now,
      );
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}

/** Runs the daily summaries every `intervalMs` (each run sends only what is due, once). */
export function startDailySummaries(
  storage: Storage,
  onError: (error: unknown) => void,
  intervalMs = 10 * 60_000,
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = sendDailySummaries(storage)
      .catch(onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

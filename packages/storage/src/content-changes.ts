import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * Tables whose rows never show on a public page: writing them leaves every rendered page as it was.
 * Everything else (websites, pages, products, stock, comments, theme code, tables added later...) counts
 * as content, so a table nobody thought of errs on the side of a fresh page.
 */
const NOT_ON_PAGES = new Set([
  'account_sessions',
  'accounts',
  'api_idempotency_keys',
  'api_keys',
  'cart_entries',
  'carts',
  'customer_accounts',
  'customer_addresses',
  'customer_orders',
  'customer_profiles',
  'customer_sessions',
  'customer_sign_ups',
  'customer_tokens',
  'daily_summaries',
  'discount_redemptions',
  'discount_usage',
  'email_outbox',
  'form_submission_keys',
  'form_submissions',
  'gift_card_redemptions',
  'gift_cards',
  'import_images',
  'import_jobs',
  'invoices',
  'newsletter_campaigns',
  'newsletter_list_members',
  'newsletter_subscribers',
  'order_events',
  'order_items',
  'order_legal_acceptances',
  'order_returns',
  'order_shipments',
  'orders',
  'owner_sign_ups',
  'payment_deadlines',
  'payment_events',
  'payment_refunds',
  'payments',
  'restock_signups',
  'site_invitations',
  'site_member_notifications',
  'site_members',
  'subscription_renewals',
  'subscriptions',
  'variant_stock_alerts',
  'webhook_deliveries',
  'webhook_subscriptions',
  'website_sequences',
  'withdrawals',
]);

/**
 * Tables whose writes change what pages show but nothing a website object carries or anything remembered
 * with one: stock levels (every checkout writes them).
 */
const STOCK_ONLY = new Set(['product_variants']);

/**
 * Tables that show on no page but whose rows the server keeps with a website object (who hears of a new
 * order, which webhooks and low-stock alerts listen; checkout-service.ts): a write to them renews the
 * website object (siteVersion) and leaves the pages as they are (version).
 */
const SITE_FACTS = new Set([
  'site_members',
  'site_member_notifications',
  'variant_stock_alerts',
  'webhook_subscriptions',
]);

const onPages = (table: string | undefined) =>
  table === undefined || !(NOT_ON_PAGES.has(table) || table.startsWith('analytics_'));

/** The table a node names, through aliases and FROM lists; undefined when it cannot tell. */
function tableOf(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  const n = node as OperationNode & {
    table?: { identifier?: { name?: string } };
    node?: OperationNode;
    froms?: readonly OperationNode[];
  };
  if (n.kind === 'TableNode') return n.table?.identifier?.name;
  if (n.kind === 'AliasNode') return tableOf(n.node);
  if (n.kind === 'FromNode') return n.froms?.length === 1 ? tableOf(n.froms[0]) : undefined;
  return undefined;
}

const WRITE = /^\s*(insert|update|delete|replace|merge)\b/i;

/** The table a statement writes: null for a read, undefined when it cannot tell (schema changes, ...). */
export function tableWritten(node: RootOperationNode): string | null | undefined {
  const n = node as RootOperationNode & {
    into?: OperationNode;
    table?: OperationNode;
    from?: OperationNode;
    sqlFragments?: readonly string[];
  };
  switch (n.kind) {
    case 'InsertQueryNode':
      return tableOf(n.into);
    case 'UpdateQueryNode':
      return tableOf(n.table);
    case 'DeleteQueryNode':
      return tableOf(n.from);
    case 'RawNode': {
      const text = (n.sqlFragments ?? []).join(' ');
      if (!WRITE.test(text)) return null;
      const table = /^\s*(?:insert\s+into|update|delete\s+from|replace\s+into)\s+"?([a-z_]+)"?/i.exec(
        text,
      )?.[1];
      return table?.toLowerCase();
    }
    case 'SelectQueryNode':
      return null;
    default:
      return undefined;
  }
}

/** Whether a statement may change what a public page shows; an unknown table counts as content. */
export function changesContent(node: RootOperationNode): boolean {
  const table = tableWritten(node);
  return table !== null && onPages(table);
}

// Deleting a website deletes its carts by cascade.
const CART_TABLES = new Set(['carts', 'cart_entries', 'websites']);
const changesCarts = (table: string | null | undefined) =>
  table === undefined || (table !== null && CART_TABLES.has(table));

/**
 * Whether a write of `table` raises none of the versions (pages, website objects, remembered carts): such a
 * statement may run as raw SQL, past this plugin (kept-queries.ts).
 */
export const raisesNoVersion = (table: string) =>
  !onPages(table) && !SITE_FACTS.has(table) && !changesCarts(table);

/**
 * A version number of everything public pages are made of, raised by every statement that writes
 * content (before it runs and again when it finished). A page rendered under one version is still right
 * while the version is unchanged. On SQLite writes and reads take turns on one connection, so no render
 * can overlap a write; on PostgreSQL a render overlapping an uncommitted write may keep the old state
 * until the next change or the cache's time limit.
 */
export class ContentChanges {
  #version = 0;
  #siteVersion = 0;
  #cartVersion = 0;
  readonly #listeners: (() => void)[] = [];
  get version() {
    return this.#version;
  }
  /**
   * Raised like the version, except by writes that only move stock (STOCK_ONLY), and also by writes of the
   * SITE_FACTS tables: the version of a site as the host look-up hands it out (website-repository.ts) and of
   * what is remembered with that website object (cart rules, payment keys, the legal facts of a checkout, who
   * hears of its orders). Every order moves stock, which changes product pages but none of those, so a busy
   * shop no longer reads its website anew after each checkout.
   */
  get siteVersion() {
    return this.#siteVersion;
  }
  bump(table?: string) {
    if (table === undefined || !SITE_FACTS.has(table)) this.#version++;
    if (table === undefined || !STOCK_ONLY.has(table)) this.#siteVersion++;
    for (const listener of this.#listeners) listener();
  }
  /**
   * Raised like the version, by every statement through Kysely that writes carts or their entries (or a
   * table it cannot tell): add-to-cart on SQLite, which writes without Kysely, keeps the carts it wrote only
   * while this stands (cart-repository.ts, remembered.ts).
   */
  get cartVersion() {
    return this.#cartVersion;
  }
  /** `listener` runs after each change (e.g. to tell other processes). */
  onChange(listener: () => void) {
    this.#listeners.push(listener);
  }
  plugin(): KyselyPlugin {
    const writes = new WeakMap<object, string | undefined>();
    const cartWrites = new WeakSet<object>();
    return {
      transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => {
        const table = tableWritten(args.node);
        if (table === undefined || (table !== null && (onPages(table) || SITE_FACTS.has(table)))) {
          writes.set(args.queryId, table);
          this.bump(table);
        }
        if (changesCarts(table)) {
          cartWrites.add(args.queryId);
          this.#cartVersion++;
        }
        return args.node;
      },
      transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
        if (writes.has(args.queryId)) this.bump(writes.get(args.queryId));
        if (cartWrites.has(args.queryId)) this.#cartVersion++;
        return args.result;
      },
    };
  }
}

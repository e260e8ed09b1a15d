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
  'api_keys',
  'cart_entries',
  'carts',
  'customer_accounts',
  'customer_addresses',
  'customer_orders',
  'customer_sessions',
  'customer_tokens',
  'email_outbox',
  'form_submission_keys',
  'form_submissions',
  'gift_card_redemptions',
  'gift_cards',
  'newsletter_subscribers',
  'order_items',
  'orders',
  'restock_signups',
  'site_invitations',
  'site_members',
  'subscriptions',
  'website_sequences',
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

/** Whether a statement may change what a public page shows. */
export function changesContent(node: RootOperationNode): boolean {
  const n = node as RootOperationNode & {
    into?: OperationNode;
    table?: OperationNode;
    from?: OperationNode;
    sqlFragments?: readonly string[];
  };
  switch (n.kind) {
    case 'InsertQueryNode':
      return onPages(tableOf(n.into));
    case 'UpdateQueryNode':
      return onPages(tableOf(n.table));
    case 'DeleteQueryNode':
      return onPages(tableOf(n.from));
    case 'RawNode': {
      const text = (n.sqlFragments ?? []).join(' ');
      if (!WRITE.test(text)) return false;
      const table = /^\s*(?:insert\s+into|update|delete\s+from|replace\s+into)\s+"?([a-z_]+)"?/i.exec(
        text,
      )?.[1];
      return onPages(table?.toLowerCase());
    }
    case 'SelectQueryNode':
      return false;
    default:
      // Schema changes (migrations) and anything unforeseen: assume the pages changed.
      return true;
  }
}

/**
 * A version number of everything public pages are made of, raised by every statement that writes
 * content (before it runs and again when it finished). A page rendered under one version is still right
 * while the version is unchanged. On SQLite writes and reads take turns on one connection, so no render
 * can overlap a write; on PostgreSQL a render overlapping an uncommitted write may keep the old state
 * until the next change or the cache's time limit.
 */
export class ContentChanges {
  #version = 0;
  readonly #listeners: (() => void)[] = [];
  get version() {
    return this.#version;
  }
  bump() {
    this.#version++;
    for (const listener of this.#listeners) listener();
  }
  /** `listener` runs after each change (e.g. to tell other processes). */
  onChange(listener: () => void) {
    this.#listeners.push(listener);
  }
  plugin(): KyselyPlugin {
    const writes = new WeakSet<object>();
    return {
      transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => {
        if (changesContent(args.node)) {
          writes.add(args.queryId);
          this.bump();
        }
        return args.node;
      },
      transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
        if (writes.has(args.queryId)) this.bump();
        return args.result;
      },
    };
  }
}

import { PageType, RecordType } from '@baukasten/commerce';

/*
 * What the analytics runtime reads from the server-rendered page: its path and page type (the theme puts
 * `data-page-type` on <body>), the product it shows (from the product islands' props), and optional
 * attributes the server may add on <html> or <body> (ids, roles, environment, switches).
 */

export type CommercePageType = 'pdp' | 'plp';

export interface PageFacts {
  path: string;
  /** Page-type code of spec 2, or null when the page does not say. */
  pageType: number | null;
  /** The product of a product page. */
  itemId: string | null;
  recordType: number | null;
  collectionId: string | null;
  pageId: string | null;
  templateId: string | null;
  pagePermissionTypeValue: number | null;
  /** Products offered by add buttons of a list page. */
  listedItemIds: string[];
  /** Website role codes of the logged-in account, when the server tells them (data-website-roles="1,10"). */
  websiteRoles: number[] | undefined;
  /** Tracker source environment (data-environment), unvalidated. */
  environment: string | undefined;
  /** data-census="off" on the page switches the census off (the global switch of spec 6). */
  censusSwitchedOff: boolean;
  /** data-cookie-consent="required": the fallback consent switch when the site context is unknown. */
  consentRequiredByPage: boolean;
  documentLanguage: string | null;
}

/** A data attribute from <body> first, then <html>. */
function pageData(doc: Document, name: string): string | undefined {
  return doc.body?.dataset[name] ?? doc.documentElement.dataset[name];
}

function integerOrNull(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const number = Number(value);
  return Number.isInteger(number) ? number : null;
}

const textOrNull = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : null);

function islandProps(root: Element): Record<string, unknown> | null {
  try {
    const props: unknown = JSON.parse((root as HTMLElement).dataset.props ?? '{}');
    return props && typeof props === 'object' ? (props as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The item id in the props of the product islands of one kind on the page. */
export function islandItemIds(doc: Document, island: string): string[] {
  const ids: string[] = [];
  for (const root of doc.querySelectorAll(`[data-island="${island}"]`)) {
    const itemId = islandProps(root)?.itemId;
    if (typeof itemId === 'string' && itemId !== '' && !ids.includes(itemId)) ids.push(itemId);
  }
  return ids;
}

/** The product island an element belongs to, with its item id. */
export function productIslandOf(element: Element | null): { itemId: string; root: Element } | null {
  const root = element?.closest('[data-island="product-purchase"], [data-island="add-button"]');
  if (!root) return null;
  const itemId = islandProps(root)?.itemId;
  return typeof itemId === 'string' && itemId !== '' ? { itemId, root } : null;
}

export function readPageFacts(doc: Document = document, loc: Location = location): PageFacts {
  const productItemId = islandItemIds(doc, 'product-purchase')[0] ?? null;
  const itemId = textOrNull(pageData(doc, 'itemId')) ?? productItemId;
  const roles = pageData(doc, 'websiteRoles');
  return {
    path: loc.pathname || '/',
    pageType: integerOrNull(pageData(doc, 'pageType')),
    itemId,
    recordType: integerOrNull(pageData(doc, 'recordType')) ?? (productItemId ? RecordType.STORE_ITEM : null),
    collectionId: textOrNull(pageData(doc, 'collectionId')),
    pageId: textOrNull(pageData(doc, 'pageId')),
    templateId: textOrNull(pageData(doc, 'templateId')),
    pagePermissionTypeValue: integerOrNull(pageData(doc, 'pagePermissionTypeValue')),
    listedItemIds: islandItemIds(doc, 'add-button'),
    websiteRoles:
      roles === undefined
        ? undefined
        : roles
            .split(',')
            .map((role) => integerOrNull(role))
            .filter((role): role is number => role !== null),
    environment: textOrNull(pageData(doc, 'environment')) ?? undefined,
    censusSwitchedOff: pageData(doc, 'census') === 'off',
    consentRequiredByPage: doc.documentElement.dataset.cookieConsent === 'required',
    documentLanguage: textOrNull(doc.documentElement.lang ?? undefined),
  };
}

/**
 * The commerce page type of spec 2 for tracking: a product page (an item page with a product island) is
 * a pdp, a page listing products with add buttons is a plp, any other page neither.
 */
export function commercePageType(facts: PageFacts): CommercePageType | null {
  if (facts.pageType === PageType.CONTENT_ITEM && facts.recordType === RecordType.STORE_ITEM && facts.itemId)
    return 'pdp';
  if (facts.listedItemIds.length > 0) return 'plp';
  return null;
}

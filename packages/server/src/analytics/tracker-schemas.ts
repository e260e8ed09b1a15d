import {
  ADD_TO_CART_ERROR_TYPES,
  ADD_TO_CART_PAGE_TYPES,
  EVENT_SOURCES,
  SOURCE_ENVIRONMENTS,
} from '@baukasten/commerce';
import { FunnelStep } from '@baukasten/storage';
import { z } from 'zod';
import { text, URL_MAX } from './tracking-payloads.js';

/*
 * The event schemas of the v2 tracker (POST /api/v1/clanker/events). eventContent is the JSON text of
 * an object with the v2 fields of spec 3 plus the fields of its schema; unknown fields make it invalid,
 * so validate mode (…/validate-event-content/{schemaName}) catches a misspelt field before it ships.
 */

const id = text(128);

/** The v2 tracker fields of spec 3, shared by every schema. */
const trackerFields = {
  analytics_id: id.optional(),
  session_id: id.optional(),
  marketing_id: id.nullish(),
  page_host: text(255).optional(),
  page_path: text(URL_MAX).optional(),
  page_query_params: text(URL_MAX).optional(),
  page_referrer_url: text(URL_MAX).nullish(),
  browser_language: text(35).optional(),
  browser_locale: text(35).optional(),
  browser_window_height: z.number().int().min(0).max(100_000).optional(),
  browser_window_width: z.number().int().min(0).max(100_000).optional(),
  user_agent: text(1000).optional(),
  event_occurrence_timestamp: z.number().int().min(0).optional(),
  context_website_id: id.optional(),
  member_account_id: id.nullish(),
  object_identifier: id.nullish(),
  destination_url: text(URL_MAX).nullish(),
  resolved_locale: text(35).optional(),
  custom_schema_name: text(100).optional(),
  source_environment: z.enum(SOURCE_ENVIRONMENTS).optional(),
  event_source: z.enum(EVENT_SOURCES).optional(),
  client_name: text(100).optional(),
  client_version: text(50).optional(),
};

/** What commerce events carry (spec 7): website, page, cart, items, logged-in flag, session cookies. */
const commerceFields = {
  ...trackerFields,
  website_id: id.optional(),
  page_id: id.optional(),
  cart_id: id.nullish(),
  item_ids: z.array(id).max(100).optional(),
  logged_in: z.boolean().optional(),
  session_cookies: z.record(text(64), text(300)).optional(),
};

const orderItem = z.strictObject({
  sku: text(128),
  productName: text(500),
  quantity: z.number().int().min(1),
  unitPrice: z.number().finite(),
});

export interface TrackerSchema {
  schema: z.ZodType<Record<string, unknown>>;
  /** Funnel steps (bits) an event of this schema proves for its session. */
  funnelSteps: number;
  /** A purchase: the server looks the order up and counts its revenue. */
  purchase?: boolean;
}

const commerce = (funnelSteps = 0, extra: z.ZodRawShape = {}): TrackerSchema => ({
  schema: z.strictObject({ ...commerceFields, ...extra }) as z.ZodType<Record<string, unknown>>,
  funnelSteps,
});

export const trackerSchemas: Record<string, TrackerSchema> = {
  page_view: { schema: z.strictObject(trackerFields) as z.ZodType<Record<string, unknown>>, funnelSteps: 0 },
  custom_event: {
    schema: z.strictObject({
      ...trackerFields,
      properties: z
        .record(text(100), z.union([text(1000), z.number().finite(), z.boolean(), z.null()]))
        .optional(),
    }) as z.ZodType<Record<string, unknown>>,
    funnelSteps: 0,
  },
  // The commerce events of spec 7.
  commerce_visit_pdp: commerce(FunnelStep.productView),
  commerce_visit_plp: commerce(),
  commerce_add_to_cart: commerce(FunnelStep.addToCart, {
    sku: text(128).optional(),
    quantity: z.number().int().min(1).max(9999).optional(),
    // Where the add happened (spec 2's add-to-cart page types).
    page_type: z.enum(ADD_TO_CART_PAGE_TYPES).optional(),
  }),
  commerce_view_cart: commerce(),
  commerce_remove_from_cart: commerce(0, { sku: text(128).optional() }),
  commerce_related_product_display: commerce(),
  commerce_related_product_add: commerce(FunnelStep.addToCart),
  commerce_related_product_click: commerce(),
  commerce_custom_form_open: commerce(),
  commerce_custom_form_save: commerce(),
  commerce_reviews_tab: commerce(),
  commerce_reviews_link: commerce(),
  /** A failed add to cart with its tracked error type (spec 8). */
  commerce_add_to_cart_error: commerce(0, { error_type: z.enum(ADD_TO_CART_ERROR_TYPES) }),
  /** The order of spec 3 ("for analytics"); only its id is trusted, the rest is read from the order. */
  commerce_purchase: {
    ...commerce(FunnelStep.purchase, {
      id: id.min(1),
      purchasedCartId: id.optional(),
      testMode: z.boolean().optional(),
      websiteId: id.optional(),
      items: z.array(orderItem).max(500).optional(),
      grandTotal: z.number().finite().optional(),
      shippingTotal: z.number().finite().optional(),
      taxTotal: z.number().finite().optional(),
    }),
    purchase: true,
  },
};

/** Developer-facing reasons, in German like every answer. */
const issueMessages: Record<string, string> = {
  invalid_type: 'Falscher Datentyp.',
  too_big: 'Zu lang oder zu groß.',
  too_small: 'Zu kurz oder zu klein.',
  invalid_value: 'Wert nicht erlaubt.',
  invalid_union: 'Wert nicht erlaubt.',
  invalid_format: 'Falsches Format.',
};

export type TrackerValidation =
  | { ok: true; content: Record<string, unknown> }
  | { ok: false; issues: { path: string; message: string }[] };

/** Parses eventContent (JSON text or an object) against a known schema. */
export function validateEventContent(schema: TrackerSchema, content: unknown): TrackerValidation {
  let value = content;
  if (typeof content === 'string') {
    try {
      value = JSON.parse(content);
    } catch {
      return { ok: false, issues: [{ path: '', message: 'eventContent ist kein gültiges JSON.' }] };
    }
  }
  const result = schema.schema.safeParse(value);
  if (result.success) return { ok: true, content: result.data };
  return {
    ok: false,
    issues: result.error.issues.slice(0, 20).map((issue) => ({
      path: issue.path.map(String).join('.'),
      message:
        issue.code === 'unrecognized_keys'
          ? `Unbekannte Felder: ${issue.keys.join(', ').slice(0, 300)}`
          : (issueMessages[issue.code] ?? 'Ungültiger Wert.'),
    })),
  };
}

export const isKnownSchema = (name: string) => Object.hasOwn(trackerSchemas, name);

// The German legal notes beside a price for custom themes (§ 1, § 4, § 6, § 11 PAngV): `price-note`,
// `base-price` and `reference-price`, with the predicates `has-base-price?` and `has-reference-price?`.
// They print the markup of the built-in templates, from the rules in @baukasten/commerce, so an owner's
// own theme is as legal as the built-in one:
//   {.section item}{@|product-price}{@|base-price}{@|price-note}{.end}
//   {.repeated section structuredContent.variants}{@|base-price}{@|reference-price}{.end}

import {
  type ProductInput,
  productBasePriceText,
  shipsGoods,
  type VariantWithNotes,
  variantBasePriceText,
  variantReferencePrice,
} from '@baukasten/commerce';
import type { Formatter, Predicate, RenderScope } from '../../plugin-api.js';
import { escapeHtml } from './html-escaping.js';
import { asRecord } from './template-context.js';

/** A product item or its structuredContent (it has variants); anything else is read as one variant. */
const isProduct = (value: unknown) => {
  const record = asRecord(value);
  return !!record && (asRecord(record.structuredContent) !== undefined || Array.isArray(record.variants));
};

/** The Grundpreis text of a product (its shown variant's) or of one variant. */
function basePriceOf(value: unknown, locale: string): string | undefined {
  if (!asRecord(value)) return undefined;
  return isProduct(value)
    ? productBasePriceText(value as ProductInput, locale)
    : variantBasePriceText(value as VariantWithNotes, locale);
}

/** The variant whose reference a product's single price line shows: the first (one price for all). */
function referenceOf(value: unknown, locale: string) {
  const record = asRecord(value);
  if (!record) return undefined;
  if (!isProduct(value)) return variantReferencePrice(record as VariantWithNotes, locale);
  const content = asRecord(record.structuredContent) ?? record;
  const first = (content.variants as unknown[] | undefined)?.[0];
  return asRecord(first) ? variantReferencePrice(first as VariantWithNotes, locale) : undefined;
}

/** `{@|base-price}`: '<small class="unit-price">500 g (39,80 € / 1 kg)</small>' (§ 4 PAngV), or nothing. */
export const basePrice: Formatter = (value, _args, scope) => {
  const text = basePriceOf(value, scope.locale);
  return text ? `<small class="unit-price">${escapeHtml(text)}</small>` : '';
};

/**
 * `{@|reference-price}`: for a reduced price, the lowest price of the 30 days before the reduction
 * (§ 11 PAngV) as the built-in templates say it. Nothing when there is none: a theme must then strike
 * no price at all.
 */
export const referencePrice: Formatter = (value, _args, scope) => {
  const reference = referenceOf(value, scope.locale);
  return reference ? `<span class="reference-price">${escapeHtml(reference.text)}</span>` : '';
};

/** The server's note for the item (the site's VAT setting decides it), from the value or a section around it. */
function priceNoteFor(value: unknown, scope: RenderScope) {
  const note = asRecord(asRecord(value)?.priceNote) ?? asRecord(scope.resolve('priceNote'));
  if (!note || typeof note.vatText !== 'string') return undefined;
  return {
    vatText: note.vatText,
    shipping: typeof note.shipping === 'boolean' ? note.shipping : shipsGoods(value as ProductInput),
    shippingUrl: typeof note.shippingUrl === 'string' ? note.shippingUrl : '',
  };
}

/**
 * `{item|price-note}`: "inkl. MwSt." (or the Kleinunternehmer's § 19 UStG note) and, for shipped goods,
 * "zzgl. Versandkosten" linking to the shipping page (§ 1 Abs. 1, § 6 Abs. 2 PAngV). The VAT part is the
 * site's setting, which the page context carries as `priceNote` on each product; on a variant the
 * product's around it is used. Without it the formatter prints nothing and records why.
 */
export const priceNote: Formatter = (value, _args, scope) => {
  const note = priceNoteFor(value, scope);
  if (!note) {
    scope.error('engine', "Formatter 'price-note' found no priceNote in the context of this product.");
    return '';
  }
  const shipping =
    note.shipping && note.shippingUrl
      ? `, zzgl. <a href="${escapeHtml(note.shippingUrl)}">Versandkosten</a>`
      : '';
  return `<small class="price-note">${escapeHtml(note.vatText)}${shipping}</small>`;
};

export const legalPriceFormatters: Record<string, Formatter> = {
  'price-note': priceNote,
  'base-price': basePrice,
  'reference-price': referencePrice,
};

export const legalPricePredicates: Record<string, Predicate> = {
  'has-base-price': (_args, scope) => basePriceOf(scope.current, scope.locale) !== undefined,
  'has-reference-price': (_args, scope) => referenceOf(scope.current, scope.locale) !== undefined,
};

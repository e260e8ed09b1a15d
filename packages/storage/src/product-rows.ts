import type { Selectable } from 'kysely';
import { newId } from './ids.js';
import { fromFlag, fromJson, optionalFromJson, toFlag, toJson } from './json-column.js';
import type { ProductsTable, ProductVariantsTable } from './schema.js';
import { StorageError, storageMessages } from './storage-error.js';
import type {
  FormDefinition,
  Merchandising,
  NewProduct,
  Product,
  ProductSubscriptionOption,
  SubscriptionPlan,
  Variant,
} from './types.js';

/* Mapping between products/variants and their rows, and the checks a product must pass before it is written. */

export const defaultMerchandising = (): Merchandising => ({
  restockNotificationViews: [],
  restockNotificationMessages: {},
  mailingListSignUpEnabled: false,
  mailingListOptInByDefault: false,
  scarcityEnabled: false,
  scarcityTemplateViews: [],
  scarcityText: '',
  scarcityShownByDefault: false,
  customSoldOutText: '',
});

const isMinorAmount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;

function optionValuesOf(attributes: Record<string, string>, ordering: string[]) {
  const names = [...ordering, ...Object.keys(attributes).filter((n) => !ordering.includes(n))];
  return names
    .filter((name) => attributes[name] !== undefined)
    .map((name) => ({ optionName: name, value: attributes[name] }));
}

export function productRows(
  websiteId: string,
  itemId: string,
  input: NewProduct,
): { product: ProductsTable; variants: ProductVariantsTable[] } {
  const variants = input.variants ?? [];
  if (variants.length === 0) throw new StorageError('INVALID_INPUT', storageMessages.variantsMissing);
  const ordering = input.variantOptionOrdering ?? Object.keys(variants[0].attributes ?? {});
  for (const v of variants) {
    if (!isMinorAmount(v.priceMinor))
      throw new StorageError('INVALID_INPUT', storageMessages.moneyInvalid('Preis'));
    if (v.salePriceMinor !== undefined && !isMinorAmount(v.salePriceMinor)) {
      throw new StorageError('INVALID_INPUT', storageMessages.moneyInvalid('Angebotspreis'));
    }
    if (v.qtyInStock !== undefined && !isMinorAmount(v.qtyInStock)) {
      throw new StorageError('INVALID_INPUT', storageMessages.stockInvalid);
    }
  }
  for (const d of input.giftCardDenominations ?? []) {
    if (!isMinorAmount(d))
      throw new StorageError('INVALID_INPUT', storageMessages.moneyInvalid('Gutscheinbetrag'));
  }
  const form = input.additionalFieldsForm;
  return {
    product: {
      website_id: websiteId,
      item_id: itemId,
      product_type: input.productType,
      is_subscribable: toFlag(input.isSubscribable),
      subscription_plan: input.subscriptionPlan ? toJson(input.subscriptionPlan) : null,
      product_subscription_options: input.productSubscriptionOptions
        ? toJson(input.productSubscriptionOptions)
        : null,
      additional_fields_form_id: form?.id ?? null,
      additional_fields_form: form ? toJson(form) : null,
      use_custom_add_button_text: toFlag(input.useCustomAddButtonText),
      custom_add_button_text: input.customAddButtonText ?? null,
      variant_option_ordering: toJson(ordering),
      on_sale: toFlag(input.onSale),
      merchandising: toJson({ ...defaultMerchandising(), ...input.merchandising }),
      gift_card_denominations: input.giftCardDenominations ? toJson(input.giftCardDenominations) : null,
    },
    variants: variants.map((v, position) => {
      const attributes = v.attributes ?? {};
      return {
        website_id: websiteId,
        id: v.id ?? newId(),
        item_id: itemId,
        sku: String(v.sku).trim(),
        attributes: toJson(attributes),
        option_values: toJson(optionValuesOf(attributes, ordering)),
        price_minor: v.priceMinor,
        sale_price_minor: v.salePriceMinor ?? 0,
        on_sale: toFlag(v.onSale),
        unlimited: toFlag(v.unlimited),
        qty_in_stock: v.qtyInStock ?? 0,
        weight_grams: v.weightGrams ?? null,
        position,
      };
    }),
  };
}

export function toVariant(row: Selectable<ProductVariantsTable>): Variant {
  const variant: Variant = {
    id: row.id,
    sku: row.sku,
    attributes: fromJson<Record<string, string>>(row.attributes, {}),
    optionValues: fromJson<Variant['optionValues']>(row.option_values, []),
    priceMinor: Number(row.price_minor),
    salePriceMinor: Number(row.sale_price_minor),
    onSale: fromFlag(row.on_sale),
    unlimited: fromFlag(row.unlimited),
    qtyInStock: Number(row.qty_in_stock),
    position: Number(row.position),
  };
  if (row.weight_grams !== null) variant.weightGrams = Number(row.weight_grams);
  // Migration 0030's column; set apart from the product save (pricing-repository.ts).
  const content = optionalFromJson<{ amount: number; unit: string }>(row.unit_content ?? null);
  if (content && Number(content.amount) > 0 && typeof content.unit === 'string')
    variant.unitContent = content;
  return variant;
}

export function toProduct(row: Selectable<ProductsTable>, variants: Variant[]): Product {
  const product: Product = {
    productType: Number(row.product_type) as Product['productType'],
    variants,
    isSubscribable: fromFlag(row.is_subscribable),
    useCustomAddButtonText: fromFlag(row.use_custom_add_button_text),
    variantOptionOrdering: fromJson<string[]>(row.variant_option_ordering, []),
    onSale: fromFlag(row.on_sale),
    merchandising: { ...defaultMerchandising(), ...fromJson<Partial<Merchandising>>(row.merchandising, {}) },
  };
  const plan = optionalFromJson<SubscriptionPlan>(row.subscription_plan);
  if (plan) product.subscriptionPlan = plan;
  const options = optionalFromJson<ProductSubscriptionOption[]>(row.product_subscription_options);
  if (options) product.productSubscriptionOptions = options;
  if (row.additional_fields_form_id !== null) product.additionalFieldsFormId = row.additional_fields_form_id;
  const form = optionalFromJson<FormDefinition>(row.additional_fields_form);
  if (form) product.additionalFieldsForm = form;
  if (row.custom_add_button_text !== null) product.customAddButtonText = row.custom_add_button_text;
  const denominations = optionalFromJson<number[]>(row.gift_card_denominations);
  if (denominations) product.giftCardDenominations = denominations;
  if (row.tax_class && row.tax_class !== 'standard') product.taxClass = row.tax_class;
  return product;
}

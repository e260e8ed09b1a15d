// `variants-select`: a dropdown with a placeholder option plus radio buttons per variant option
// (spec 5; the theme shows one of them), and `variant-descriptor` ('blue / large').

import {
  isSubscribable,
  itemVariantOptions,
  type ProductInput,
  ProductType,
  productContent,
  productTypeOf,
  type VariantLike,
  type VariantOption,
  variantDescriptor,
} from '@baukasten/commerce';
import type { Formatter, RenderScope } from '../../plugin-api.js';
import { escapeAttributeQuotes, escapeHtml, jsonAttribute } from './html-escaping.js';
import { fillPlaceholders } from './message-text.js';
import { itemId, localizedOr } from './template-context.js';

interface OptionTexts {
  /** Title above an option, '{name}' filled with the option name. */
  title: string;
  /** Placeholder and label of the dropdown, '{variantName}' filled with the option name. */
  select: string;
}

/**
 * Gift cards name their only option 'Value' whatever the merchant typed, so the site translates
 * both texts; other products show the option name the merchant chose.
 */
function optionTexts(item: ProductInput, scope: RenderScope): OptionTexts {
  if (productTypeOf(item) === ProductType.GIFT_CARD) {
    return {
      title: localizedOr(scope, 'giftCardValueDisplayText', 'Value'),
      select: localizedOr(scope, 'giftCardVariantSelectText', 'Select Value'),
    };
  }
  return { title: '{name}', select: localizedOr(scope, 'productVariantSelectText', 'Select {variantName}') };
}

function radioButton(name: string, value: string): string {
  const id = `variant-option-${name}-${value}`;
  return (
    `\n      <input type="radio" class="variant-radiobtn" value="${value}" name="variant-option-${name}" id="${id}"/>` +
    `\n      <label class="sqs-button-element--secondary" role="button" tabindex="0" for="${id}">${value}</label>`
  );
}

function optionMarkup(option: VariantOption, texts: OptionTexts): string {
  const name = escapeHtml(option.name);
  const values = option.values.map(escapeHtml);
  const select = fillPlaceholders(texts.select, { variantName: option.name });
  return (
    '\n    <div class="variant-option">' +
    `\n    <div class="variant-option-title">${escapeHtml(fillPlaceholders(texts.title, { name: option.name }))}: </div>` +
    '\n    <div class="variant-select-wrapper">' +
    `\n      <select aria-label="${escapeAttributeQuotes(select)}" data-variant-option-name="${name}">` +
    `\n        <option value="">${escapeHtml(select)}</option>` +
    `\n        ${values.map((v) => `<option value="${v}">${v}</option>`).join('')}` +
    '\n      </select>\n    </div>' +
    `\n    <div class="variant-radiobtn-wrapper" data-variant-option-name="${name}">` +
    values.map((v) => radioButton(name, v)).join('') +
    '\n    </div>\n    </div>'
  );
}

/** The selectors, or '' when there is nothing to choose (one variant or none, spec 5). */
export function variantsSelectMarkup(item: ProductInput, scope: RenderScope): string {
  const options = itemVariantOptions(item);
  if (options.length === 0) return '';
  const content = productContent(item);
  const texts = optionTexts(item, scope);
  const subscription = isSubscribable(item)
    ? ` data-is-subscribable="true" data-subscription-plan="${jsonAttribute(content.subscriptionPlan)}"`
    : '';
  return (
    `<div class="product-variants" data-item-id="${escapeHtml(itemId(item))}" ` +
    `data-variants="${jsonAttribute(content.variants)}"${subscription} data-animation-role="content">` +
    options.map((option) => optionMarkup(option, texts)).join('') +
    '\n  </div>\n'
  );
}

/** `{item|variants-select}`: nothing when the product has no choice to make. */
export const variantsSelect: Formatter = (value, _args, scope) =>
  variantsSelectMarkup(value as ProductInput, scope) || undefined;

/** `{entry.chosenVariant|variant-descriptor}`: 'blue / large / normal'. */
export const variantDescriptorFormatter: Formatter = (value) =>
  escapeHtml(variantDescriptor(value as VariantLike));

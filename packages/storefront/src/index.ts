import { fileURLToPath } from 'node:url';

export type { FormBlockProps } from './islands/forms/form-block.js';
export type { SiteFormDefinition, SiteFormField } from './islands/forms/form-types.js';
export type { NewsletterBlockProps } from './islands/forms/newsletter-block.js';
export type { RestockFormProps } from './islands/forms/restock-form.js';
export { type ProductPurchaseOptions, productPurchaseProps } from './islands/product/props.js';
export type { ProductPurchaseProps, PurchaseVariant } from './islands/product/types.js';
export type { QuickViewProps } from './islands/quick-view/quick-view.js';
export { renderIsland } from './server-render.js';

/** Folder with the built browser bundle (`islands.js`), served by the server under /assets/storefront/. */
export const browserBundleDir = fileURLToPath(new URL('../dist/browser/', import.meta.url));

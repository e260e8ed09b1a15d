import { fileURLToPath } from 'node:url';

export type { CommentsProps, ThreadComment } from './islands/comments/comments.js';
export type { DisqusThreadProps } from './islands/comments/disqus-thread.js';
export type { LikeButtonProps } from './islands/comments/like-button.js';
export {
  cartAnswerValues,
  checkCartAnswersPost,
  renderCartAnswersFields,
} from './islands/custom-form/cart-answers-form.js';
export type { FormBlockProps } from './islands/forms/form-block.js';
export type { SiteFormDefinition, SiteFormField } from './islands/forms/form-types.js';
export type { NewsletterBlockProps } from './islands/forms/newsletter-block.js';
export type { RestockFormProps } from './islands/forms/restock-form.js';
export type { GalleryIslandProps } from './islands/gallery/gallery.js';
export type { VideoOverlayProps, VideoPoster } from './islands/gallery/video-overlay.js';
export { productPurchaseProps } from './islands/product/product-page-props.js';
export type { ProductPurchaseOptions } from './islands/product/props.js';
export { customForm as productCustomForm } from './islands/product/props.js';
export type { ProductPurchaseProps, PurchaseVariant } from './islands/product/types.js';
export type { QuickViewProps } from './islands/quick-view/quick-view.js';
export { renderIsland } from './server-render.js';

/** Folder with the built browser bundle (`islands.js`), served by the server under /assets/storefront/. */
export const browserBundleDir = fileURLToPath(new URL('../dist/browser/', import.meta.url));

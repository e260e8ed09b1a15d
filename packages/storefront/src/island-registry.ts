import type { ComponentType } from 'react';
import { CartPill } from './islands/cart-pill.js';
import { Comments } from './islands/comments/comments.js';
import { DisqusThread } from './islands/comments/disqus-thread.js';
import { LikeButton } from './islands/comments/like-button.js';
import { FormBlock } from './islands/forms/form-block.js';
import { NewsletterBlock } from './islands/forms/newsletter-block.js';
import { RestockForm } from './islands/forms/restock-form.js';
import { GalleryIsland } from './islands/gallery/gallery.js';
import { VideoOverlay } from './islands/gallery/video-overlay.js';
import { AddButton } from './islands/product/add-button.js';
import { ProductPurchase } from './islands/product/product-purchase.js';
import { ProductGallery } from './islands/product-gallery/product-gallery.js';
import { QuickView } from './islands/quick-view/quick-view.js';

/** Every island the theme may place on a page, by the name used in `data-island`. */
export const islands: Record<string, ComponentType<any>> = {
  'cart-pill': CartPill,
  'form-block': FormBlock,
  'restock-form': RestockForm,
  'newsletter-block': NewsletterBlock,
  'product-purchase': ProductPurchase,
  'add-button': AddButton,
  'quick-view': QuickView,
  'product-gallery': ProductGallery,
  gallery: GalleryIsland,
  'video-overlay': VideoOverlay,
  comments: Comments,
  'like-button': LikeButton,
  'disqus-thread': DisqusThread,
};

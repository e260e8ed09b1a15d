import type { ComponentType } from 'react';

/**
 * The browser's view of the island registry: each island is its own chunk, loaded only when the page
 * has one, so a product page does not download the form widgets (island-registry.ts is the server's
 * synchronous view of the same names).
 */
export const islandLoaders: Record<string, () => Promise<ComponentType<any>>> = {
  'cart-pill': () => import('./islands/cart-pill.js').then((m) => m.CartPill),
  'form-block': () => import('./islands/forms/form-block.js').then((m) => m.FormBlock),
  'restock-form': () => import('./islands/forms/restock-form.js').then((m) => m.RestockForm),
  'newsletter-block': () => import('./islands/forms/newsletter-block.js').then((m) => m.NewsletterBlock),
  'product-purchase': () => import('./islands/product/product-purchase.js').then((m) => m.ProductPurchase),
  'add-button': () => import('./islands/product/add-button.js').then((m) => m.AddButton),
  'quick-view': () => import('./islands/quick-view/quick-view.js').then((m) => m.QuickView),
  'product-gallery': () =>
    import('./islands/product-gallery/product-gallery.js').then((m) => m.ProductGallery),
  gallery: () => import('./islands/gallery/gallery.js').then((m) => m.GalleryIsland),
  'video-overlay': () => import('./islands/gallery/video-overlay.js').then((m) => m.VideoOverlay),
  comments: () => import('./islands/comments/comments.js').then((m) => m.Comments),
  'like-button': () => import('./islands/comments/like-button.js').then((m) => m.LikeButton),
  'disqus-thread': () => import('./islands/comments/disqus-thread.js').then((m) => m.DisqusThread),
};

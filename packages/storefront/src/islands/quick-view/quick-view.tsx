import { useCallback, useEffect, useRef, useState } from 'react';
import { announceOverlay } from '../../analytics/page-events.js';
import { ProductPurchase } from '../product/product-purchase.js';
import { QuickViewDialog } from './quick-view-dialog.js';
import { loadQuickViewProduct, type QuickViewProduct, recordQuickView } from './quick-view-request.js';
import { QUICK_VIEW_TEXTS, quickViewButtonLabel } from './texts.js';

export interface QuickViewProps {
  /** The product's item id, for the census call. */
  itemId: string;
  /** Names the button and, until the product has loaded, the dialog. */
  title: string;
  /** The product page; its `?format=json` context is what the overlay shows. */
  productUrl: string;
}

type Loaded =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; product: QuickViewProduct };

/**
 * The quick view of a product card (spec 2: quick-view overlay). The page carries only the button; on
 * click the overlay opens, records the quick view and loads the product page's context once, then
 * offers the product page's own purchase form (variants, quantity, add button and its states).
 */
export function QuickView({ itemId, title, productUrl }: QuickViewProps) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'idle' });
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // Marks the button once it works (browser tests wait for it, as for the other islands).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const load = useCallback(() => {
    setLoaded({ status: 'loading' });
    loadQuickViewProduct(productUrl).then(
      (product) => setLoaded({ status: 'ready', product }),
      () => setLoaded({ status: 'failed' }),
    );
  }, [productUrl]);

  const openQuickView = () => {
    if (open) return;
    setOpen(true);
    recordQuickView(itemId);
    announceOverlay({ overlayType: 'quick-view', action: 'open', overlayId: itemId });
    if (loaded.status === 'idle' || loaded.status === 'failed') load();
  };
  const close = useCallback(() => {
    setOpen(false);
    announceOverlay({ overlayType: 'quick-view', action: 'close', overlayId: itemId });
  }, [itemId]);

  // Back to the button once the overlay has gone (while it is up it keeps focus inside).
  useEffect(() => {
    if (wasOpen.current && !open) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="quick-view-button"
        aria-haspopup="dialog"
        aria-label={quickViewButtonLabel(title)}
        data-hydrated={hydrated ? 'true' : undefined}
        onClick={openQuickView}
      >
        {QUICK_VIEW_TEXTS.open}
      </button>
      {open && (
        <QuickViewDialog title={loaded.status === 'ready' ? loaded.product.title : title} onClose={close}>
          <QuickViewBody loaded={loaded} onRetry={load} />
        </QuickViewDialog>
      )}
    </>
  );
}

function QuickViewBody({ loaded, onRetry }: { loaded: Loaded; onRetry: () => void }) {
  if (loaded.status === 'failed') {
    return (
      <div className="quick-view__error">
        <p role="alert">{QUICK_VIEW_TEXTS.loadFailed}</p>
        <button type="button" className="quick-view__retry" onClick={onRetry}>
          {QUICK_VIEW_TEXTS.retry}
        </button>
      </div>
    );
  }
  if (loaded.status !== 'ready') {
    return (
      <p className="quick-view__loading" role="status">
        {QUICK_VIEW_TEXTS.loading}
      </p>
    );
  }
  const { product } = loaded;
  return (
    <div className="quick-view__body">
      {product.imageUrl && (
        <img
          className="quick-view__image"
          src={product.imageUrl}
          alt={product.imageAlt}
          width="400"
          height="400"
        />
      )}
      <div className="quick-view__details">
        {(product.priceText || product.markText) && (
          <p className="quick-view__price">
            {product.priceText}
            {product.markText && <span className="product-mark"> {product.markText}</span>}
          </p>
        )}
        <ProductPurchase {...product.purchase} />
        <a className="quick-view__product-link" href={product.productUrl}>
          {QUICK_VIEW_TEXTS.productPage}
        </a>
      </div>
    </div>
  );
}

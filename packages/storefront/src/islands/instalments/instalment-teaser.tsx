import type { PurchaseInstalments } from '../product/types.js';
import { INSTALMENT_TEXTS } from './texts.js';

/**
 * The instalment teaser of a product page (spec 1, 4 and 5): the line for the current price (in range:
 * the payments; out of range: the provider's range) and a button that opens the provider's info in a
 * modal. The modal, with all its state, is its own chunk and its own React root, fetched on the first
 * click; a failure to load it only warns in the console (spec 7), and the page goes on.
 */
export function InstalmentTeaser({ teaser, text }: { teaser: PurchaseInstalments; text: string }) {
  return (
    <p className="instalment-teaser">
      <span className="instalment-teaser__text">{text}</span>{' '}
      <button
        type="button"
        className="button-link instalment-teaser__info"
        aria-haspopup="dialog"
        onClick={(event) => {
          const opener = event.currentTarget;
          import('./instalment-info-modal.js').then(
            (m) => m.showInstalmentInfo(teaser, opener),
            (error: unknown) =>
              console.warn('Ratenzahlungs-Informationen konnten nicht geladen werden.', error),
          );
        }}
      >
        {INSTALMENT_TEXTS.moreInfo}
        <span className="visually-hidden"> {INSTALMENT_TEXTS.aboutProvider(teaser.providerName)}</span>
      </button>
    </p>
  );
}

import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ownRootElement, useIslandId } from '../island-id.js';
import { CONSENT_TEXTS as T } from './texts.js';

/*
 * The cookie banner (spec 3 cookieSettings): shown by the analytics runtime on sites that ask for
 * consent, while the visitor has not chosen. It is a region near the start of the page, not a modal
 * dialog: the page stays usable, the focus is not taken, and the two equal buttons are the first stops
 * after the skip link. Nothing is tracked until "Zustimmen".
 */

export interface ConsentBannerProps {
  /** The site also runs ad pixels: the text names them. */
  mentionsAdPixels: boolean;
  onAgree(): void;
  onDecline(): void;
}

export function ConsentBanner({ mentionsAdPixels, onAgree, onDecline }: ConsentBannerProps) {
  const id = useIslandId();
  const [chosen, setChosen] = useState(false);
  const choose = (choice: () => void) => () => {
    if (chosen) return;
    setChosen(true);
    choice();
  };
  return (
    <section
      className="consent-banner"
      aria-label={T.label}
      aria-describedby={`${id}-text`}
      style={{
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        zIndex: 1000,
        background: '#fff',
        color: '#1a1a1a',
        borderTop: '2px solid #1a1a1a',
        padding: '1rem',
        boxShadow: '0 -4px 16px rgba(0,0,0,.15)',
      }}
    >
      <h2 className="consent-banner__title" style={{ margin: '0 0 .5rem', fontSize: '1.125rem' }}>
        {T.title}
      </h2>
      <p id={`${id}-text`} className="consent-banner__text" style={{ margin: '0 0 .75rem' }}>
        {mentionsAdPixels ? T.statisticsAndAds : T.statistics} {T.withoutChoice}
      </p>
      <div className="consent-banner__actions" style={{ display: 'flex', gap: '.75rem', flexWrap: 'wrap' }}>
        <button
          type="button"
          className="button consent-banner__agree"
          onClick={choose(onAgree)}
          disabled={chosen}
        >
          {T.agree}
        </button>
        <button
          type="button"
          className="button consent-banner__decline"
          onClick={choose(onDecline)}
          disabled={chosen}
        >
          {T.decline}
        </button>
      </div>
    </section>
  );
}

/**
 * Shows the banner on this page: after the skip link, so keyboard users meet it first. A choice removes it
 * and puts the focus on the main content, where reading goes on. Returns a function that removes it.
 */
export function showConsentBanner(props: ConsentBannerProps, doc: Document = document): () => void {
  const host = doc.createElement('div');
  host.dataset.consentBanner = '';
  const skip = doc.querySelector('body > .skip-link');
  if (skip) skip.after(host);
  else doc.body.prepend(host);
  const root = createRoot(host);
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    const hadFocus = host.contains(doc.activeElement);
    host.hidden = true;
    if (hadFocus) {
      const main = doc.querySelector<HTMLElement>('main') ?? doc.body;
      if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
      main.focus({ preventScroll: true });
    }
    // Unmounted after the click's own handling is over.
    queueMicrotask(() => {
      root.unmount();
      host.remove();
    });
  };
  root.render(
    ownRootElement(
      <ConsentBanner
        mentionsAdPixels={props.mentionsAdPixels}
        onAgree={() => {
          remove();
          props.onAgree();
        }}
        onDecline={() => {
          remove();
          props.onDecline();
        }}
      />,
    ),
  );
  return remove;
}

import { isDisqusShortname } from '@baukasten/commerce';
import { useState } from 'react';

export interface DisqusThreadProps {
  /** The site's Disqus forum (spec 3 website context disqusShortname). */
  shortname: string;
  /** The thread of this page or item, and its public address. */
  identifier: string;
  pageUrl: string;
  /** The forum's own page: the link that works without script. */
  threadUrl: string;
}

const TEXTS = {
  load: 'Kommentare von Disqus laden',
  hint: 'Beim Laden werden Inhalte von Disqus nachgeladen und Daten an Disqus übertragen.',
  loading: 'Kommentare werden geladen …',
  failed: 'Die Disqus-Kommentare konnten nicht geladen werden.',
  link: 'Kommentare auf Disqus lesen und schreiben',
};

declare global {
  interface Window {
    disqus_config?: (this: { page: { url?: string; identifier?: string } }) => void;
  }
}

/**
 * Comments by Disqus instead of the built-in ones (a site with a Disqus shortname). Disqus's script comes
 * from another company, so it loads only when the visitor asks for it; until then the link to the forum
 * serves, with or without script.
 */
export function DisqusThread({ shortname, identifier, pageUrl, threadUrl }: DisqusThreadProps) {
  const [state, setState] = useState<'idle' | 'loading' | 'loaded' | 'failed'>('idle');

  const load = () => {
    if (state !== 'idle' || !isDisqusShortname(shortname)) return;
    setState('loading');
    window.disqus_config = function () {
      this.page.url = pageUrl;
      this.page.identifier = identifier;
    };
    const script = document.createElement('script');
    script.src = `https://${shortname}.disqus.com/embed.js`;
    script.async = true;
    script.dataset.timestamp = String(Date.now());
    script.onload = () => setState('loaded');
    script.onerror = () => setState('failed');
    document.head.appendChild(script);
  };

  return (
    <div className="disqus">
      {state === 'idle' ? (
        <p>
          <button type="button" className="button" onClick={load}>
            {TEXTS.load}
          </button>{' '}
          <span className="disqus__hint">{TEXTS.hint}</span>
        </p>
      ) : null}
      {state === 'loading' ? <p aria-live="polite">{TEXTS.loading}</p> : null}
      {state === 'failed' ? <p role="alert">{TEXTS.failed}</p> : null}
      <div id="disqus_thread" />
      <p>
        <a href={threadUrl} rel="noopener">
          {TEXTS.link}
        </a>
      </p>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ownRootElement } from '../island-id.js';
import { ModalDialog } from '../product/modal-dialog.js';
import type { PurchaseInstalments } from '../product/types.js';

export const INSTALMENT_INFO_TEXTS = {
  title: (provider: string) => `Ratenzahlung mit ${provider}`,
  loading: 'Informationen werden geladen …',
  frameTitle: (provider: string) => `Informationen von ${provider}`,
  /** Shown when the provider's page cannot be had (or there is none, as for Klarna). */
  fallback: (provider: string, count: number) =>
    `Bezahle deinen Einkauf in ${count} zinsfreien Raten mit ${provider}. Die erste Rate ist beim Kauf fällig, die weiteren alle zwei Wochen. Die Ratenzahlung wählst du an der Kasse.`,
} as const;

/** The provider's page gets this long before the modal settles for our own text. */
export const INFO_PAGE_TIMEOUT_MS = 8000;

export interface InstalmentInfoModalProps {
  providerName: string;
  /** Interest-free payments, for our own text. */
  count: number;
  /** The provider's static info page (commerce instalmentInfoUrl); none for Klarna. */
  infoUrl?: string;
  onClose: () => void;
}

type InfoPage = { status: 'loading' } | { status: 'loaded'; html: string } | { status: 'failed' };

/** Loads the provider's info page; a failure is only warned about (spec 7), never thrown. */
export async function loadInfoPage(url: string): Promise<string | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), INFO_PAGE_TIMEOUT_MS);
  try {
    const response = await fetch(url, { credentials: 'omit', signal: controller.signal });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return await response.text();
  } catch (error) {
    console.warn(`Ratenzahlungs-Informationen von ${url} konnten nicht geladen werden.`, error);
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The instalment info modal (spec 4: hidden or visible; closed by the close button, Escape or a click
 * outside). It shows the provider's page in a frame that may run no script; without it, our own short
 * explanation.
 */
export function InstalmentInfoModal({ providerName, count, infoUrl, onClose }: InstalmentInfoModalProps) {
  const [page, setPage] = useState<InfoPage>(infoUrl ? { status: 'loading' } : { status: 'failed' });

  useEffect(() => {
    if (!infoUrl) return;
    let current = true;
    void loadInfoPage(infoUrl).then((html) => {
      if (current) setPage(html === null ? { status: 'failed' } : { status: 'loaded', html });
    });
    return () => {
      current = false;
    };
  }, [infoUrl]);

  return (
    <ModalDialog
      title={INSTALMENT_INFO_TEXTS.title(providerName)}
      className="instalment-info"
      onClose={onClose}
    >
      {page.status === 'loading' && (
        <p className="instalment-info__loading" role="status">
          {INSTALMENT_INFO_TEXTS.loading}
        </p>
      )}
      {page.status === 'failed' && (
        <p className="instalment-info__text">{INSTALMENT_INFO_TEXTS.fallback(providerName, count)}</p>
      )}
      {page.status === 'loaded' && (
        <iframe
          className="instalment-info__frame"
          title={INSTALMENT_INFO_TEXTS.frameTitle(providerName)}
          sandbox=""
          srcDoc={page.html}
        />
      )}
    </ModalDialog>
  );
}

/**
 * Opens the info modal in a React root of its own (the teaser keeps no state for it). Closing it removes
 * the root and returns focus to the button that opened it. One modal at a time.
 */
export function showInstalmentInfo(teaser: PurchaseInstalments, opener: HTMLElement): void {
  if (document.querySelector('.instalment-info')) return;
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const close = () => {
    root.unmount();
    host.remove();
    opener.focus();
  };
  root.render(
    ownRootElement(
      <InstalmentInfoModal
        providerName={teaser.providerName}
        count={teaser.count}
        infoUrl={teaser.infoUrl}
        onClose={close}
      />,
    ),
  );
}

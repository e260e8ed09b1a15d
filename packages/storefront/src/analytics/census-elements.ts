import { CENSUS_TIMEOUT_MS } from '@baukasten/commerce';
import type { CensusHitData } from './census-hit.js';
import { OVERLAY_EVENT, type OverlayEventDetail } from './page-events.js';
import { postJson } from './tracking-transport.js';

/*
 * The census calls about the blocks of a counted page (spec 7): every button block is reported when the
 * page shows it and again when it is clicked, every form block when it is shown, and every overlay an
 * island announces (page-events.ts) when it opens and closes. Each call carries the
 * page fields of the census hit (visitor cookie included), is given up after the census timeout and
 * never fails the page.
 */

export const BUTTON_RENDER_URL = '/api/census/button-render';
export const BUTTON_CLICK_URL = '/api/census/button-click';
export const FORM_RENDER_URL = '/api/census/form-render';
export const OVERLAY_URL = '/api/census/overlay';

/** A button block as the theme renders it (page.jsont). */
const BUTTON_BLOCK_LINK = '.block--button a';
const URL_MAX = 2083;

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function buttonFields(link: Element, index: number): Record<string, string> {
  return {
    // The theme gives button blocks no id; their position on the page tells them apart.
    buttonId: `button-${index + 1}`,
    buttonText: cut((link.textContent ?? '').trim(), 300),
    buttonUrl: cut(link.getAttribute('href') ?? '', URL_MAX),
  };
}

function formIdOf(root: Element): string | null {
  try {
    const props = JSON.parse((root as HTMLElement).dataset.props ?? '{}') as { form?: { id?: unknown } };
    return typeof props.form?.id === 'string' && props.form.id ? props.form.id.slice(0, 128) : null;
  } catch {
    return null;
  }
}

/** Reports the page's button and form blocks and listens for button clicks; returns how to stop. */
export function trackCensusElements(hit: CensusHitData, win: Window = window): () => void {
  const doc = win.document;
  const send = (url: string, body: object) =>
    void postJson(url, { ...hit, ...body }, { timeoutMs: CENSUS_TIMEOUT_MS });
  const buttons = () => [...doc.querySelectorAll(BUTTON_BLOCK_LINK)];

  for (const [index, link] of buttons().entries()) send(BUTTON_RENDER_URL, buttonFields(link, index));
  for (const root of doc.querySelectorAll('[data-island="form-block"]')) {
    const formId = formIdOf(root);
    if (formId) send(FORM_RENDER_URL, { formId });
  }

  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const link = target?.closest(BUTTON_BLOCK_LINK);
    if (link) send(BUTTON_CLICK_URL, buttonFields(link, buttons().indexOf(link)));
  };
  const onOverlay = (event: Event) => {
    const detail = (event as CustomEvent<OverlayEventDetail>).detail;
    if (!detail || typeof detail.overlayType !== 'string') return;
    send(OVERLAY_URL, {
      overlayType: cut(detail.overlayType, 64),
      action: detail.action,
      ...(detail.overlayId ? { overlayId: cut(detail.overlayId, 128) } : {}),
      ...(detail.overlayData ? { overlayData: detail.overlayData } : {}),
    });
  };
  doc.addEventListener('click', onClick, true);
  win.addEventListener(OVERLAY_EVENT, onOverlay);
  return () => {
    doc.removeEventListener('click', onClick, true);
    win.removeEventListener(OVERLAY_EVENT, onOverlay);
  };
}

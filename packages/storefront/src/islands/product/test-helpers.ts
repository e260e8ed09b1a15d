// Shared by the island tests: a stubbed fetch with queued answers, and act-wrapped timer steps.

import { act, fireEvent, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { loadAddToCartAlert } from './add-to-cart-alert-slot.js';

// The alert dialog is a chunk of its own in the browser; the island tests have it at hand from the start,
// as a shopper has after the first error (the loading itself: add-to-cart-alert-slot.test.tsx).
await loadAddToCartAlert();

export type StubAnswer = { status: number; body?: unknown } | Error;

/** Stubs fetch; each call takes the next answer, the last one repeats. */
export function stubFetch(...answers: StubAnswer[]) {
  const queue = [...answers];
  const fetchSpy = vi.fn(async (_url: string, _init?: RequestInit) => {
    const answer = queue.length > 1 ? queue.shift()! : queue[0];
    if (answer instanceof Error) throw answer;
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      json: async () => answer.body ?? null,
    } as unknown as Response;
  });
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

/** Lets the fetch promise chain settle and React render the outcome. */
export const settle = () =>
  act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });

export const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

/** Sets a cookie the way the server's Set-Cookie would leave it in the browser. */
export function setCookie(cookie: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the islands read cookies the server sets; tests stand in for it
  document.cookie = cookie;
}

export function clearCookies() {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0].trim();
    if (name) setCookie(`${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`);
  }
}

/** A header of a stubbed fetch call. */
export const sentHeader = (init: RequestInit | undefined, name: string) =>
  (init?.headers as Record<string, string> | undefined)?.[name];

export const cartAnswer = {
  status: 201,
  body: {
    shoppingCart: { id: 'cart-1', totalQuantity: 1, subtotalText: '24,90 €' },
    newlyAdded: { id: 'entry-1' },
  },
};

/** Chooses a value of a variant option the way a shopper does, by its button in the option's group. */
export function chooseOption(option: string, value: string) {
  const group = screen.getByRole('group', { name: option });
  fireEvent.click(within(group).getByRole('radio', { name: new RegExp(`^${value}( \\(|$)`) }));
}

// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import {
  censusHitData,
  javascriptErrorsBody,
  performanceBody,
  recordHitBody,
} from '../../../server/src/analytics/tracking-payloads.js';
import {
  censusForm,
  clearCookies,
  fakeNetwork,
  fakePerformanceObserver,
  island,
  setCookie,
  setPage,
} from './analytics-test-kit.js';
import { startAnalytics, stopAnalytics } from './runtime.js';

/*
 * The server parses every tracking call with its own schemas (packages/server/src/analytics); a payload
 * they refuse is lost. These checks run the browser runtime and parse what it sent with those schemas.
 */

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  stopAnalytics();
  clearCookies();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it('R7.6.1 R7.6.9 R7.5.1 R3.25.5 the census hit, the performance batch and the error reports fit the server schemas', async () => {
  const net = fakeNetwork();
  const observer = fakePerformanceObserver();
  setCookie('crumb', 'krume-1');
  setPage({
    path: `/laden/p/tasse?${'q'.repeat(3000)}`,
    pageType: 50,
    title: 'T'.repeat(800),
    html: island('product-purchase', { itemId: 'tasse1' }, '<button id="kaufen">Kaufen</button>'),
  });
  await startAnalytics();

  const [hit] = net.to('/api/census/RecordHit');
  expect(recordHitBody.safeParse(Object.fromEntries(new URLSearchParams(hit.body))).success).toBe(true);
  expect(censusHitData.safeParse(censusForm(hit).data).error).toBeUndefined();

  observer.emit('paint', [{ name: 'first-contentful-paint', startTime: 800, duration: 0 }]);
  observer.emit('event', [
    {
      name: 'click',
      startTime: 900,
      duration: 250,
      interactionId: 3,
      target: document.querySelector('#kaufen'),
    },
  ]);
  visibility = 'hidden';
  document.dispatchEvent(new Event('visibilitychange'));
  const [beacon] = net.beacons;
  const batch = performanceBody.safeParse(JSON.parse(beacon.body));
  expect(batch.error).toBeUndefined();

  window.dispatchEvent(new ErrorEvent('error', { error: new Error('Kaputt'), message: 'Kaputt' }));
  await vi.advanceTimersByTimeAsync(1000);
  const [errors] = net.to('/api/events/RecordJavascriptErrors');
  expect(javascriptErrorsBody.safeParse(JSON.parse(errors.body)).error).toBeUndefined();
});

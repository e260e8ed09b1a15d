// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeNetwork, fakePerformanceObserver, setPage } from './analytics-test-kit.js';
import {
  collectPerformance,
  elementPath,
  interactionToNextPaint,
  keepSlowest,
  LayoutShiftWindows,
  type PerformanceRecord,
  SLOW_INTERACTION_RECORD,
} from './performance-collector.js';
import { startAnalytics, stopAnalytics } from './runtime.js';

let observer: ReturnType<typeof fakePerformanceObserver>;
let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  vi.useFakeTimers();
  observer = fakePerformanceObserver();
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

function hidePage() {
  visibility = 'hidden';
  document.dispatchEvent(new Event('visibilitychange'));
}

/** A collector whose batches the test sees. */
function collect() {
  const batches: PerformanceRecord[][] = [];
  const collection = collectPerformance({ path: '/laden', send: (records) => batches.push(records) });
  return { batches, collection };
}

const byName = (records: PerformanceRecord[], name: string) => records.find((r) => r.name === name);

describe('web vitals', () => {
  it('R4.10.4 R7.6.9 R7.6.10 sends the batch by beacon when the page is hidden, once', async () => {
    const net = fakeNetwork();
    setPage({ path: '/laden' });
    await startAnalytics();
    observer.emit('paint', [{ name: 'first-contentful-paint', startTime: 900, duration: 0 }]);
    observer.emit('largest-contentful-paint', [{ name: '', startTime: 2600, renderTime: 2600, duration: 0 }]);
    hidePage();
    expect(net.beacons).toHaveLength(1);
    const [beacon] = net.beacons;
    expect(beacon.url).toBe('/api/1/performance/records');
    const batch = JSON.parse(beacon.body);
    expect(batch).toMatchObject({ websiteId: 'site-1', pagePath: '/laden' });
    expect(batch.visitorCookie).toMatch(/\|1$/);
    expect(batch.records).toEqual([
      { name: 'FCP', value: 900, path: '/laden', rating: 'good' },
      { name: 'LCP', value: 2600, path: '/laden', rating: 'needs-improvement' },
    ]);
    hidePage();
    await vi.advanceTimersByTimeAsync(61_000);
    expect(net.beacons).toHaveLength(1);
  });

  it('R7.6.10 without a beacon the batch goes by POST', async () => {
    const net = fakeNetwork();
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: undefined });
    setPage({ path: '/laden' });
    await startAnalytics();
    observer.emit('paint', [{ name: 'first-contentful-paint', startTime: 500, duration: 0 }]);
    hidePage();
    const [post] = net.to('/api/1/performance/records');
    expect(post.method).toBe('POST');
    expect(JSON.parse(post.body).records[0]).toMatchObject({ name: 'FCP', value: 500 });
  });

  it('R4.10.5 R9.8.7 sends 30 s after load when the page stays visible', () => {
    const { batches } = collect();
    observer.emit('paint', [{ name: 'first-contentful-paint', startTime: 1200, duration: 0 }]);
    vi.advanceTimersByTime(29_999);
    expect(batches).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toEqual([{ name: 'FCP', value: 1200, path: '/laden', rating: 'good' }]);
  });

  it('R4.10.6 R9.8.8 with nothing measured by 30 s it waits, and sends at the 60 s cap', () => {
    const { batches } = collect();
    vi.advanceTimersByTime(30_000);
    expect(batches).toHaveLength(0);
    observer.emit('layout-shift', [
      { name: '', startTime: 40_000, value: 0.3, hadRecentInput: false, duration: 0 },
    ]);
    vi.advanceTimersByTime(29_999);
    expect(batches).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(batches).toEqual([[{ name: 'CLS', value: 0.3, path: '/laden', rating: 'poor' }]]);
    expect(observer.observers.every((o) => o.disconnected)).toBe(true);
  });

  it('R9.8.11 R9.8.12 R9.8.13 R9.8.14 R9.8.15 rates each metric by the thresholds of spec 9', () => {
    const { batches, collection } = collect();
    observer.emit('paint', [{ name: 'first-contentful-paint', startTime: 3001, duration: 0 }]);
    observer.emit('largest-contentful-paint', [{ name: '', startTime: 2500, duration: 0 }]);
    observer.emit('layout-shift', [
      { name: '', startTime: 100, value: 0.06, hadRecentInput: false, duration: 0 },
      { name: '', startTime: 400, value: 0.06, hadRecentInput: false, duration: 0 },
      { name: '', startTime: 500, value: 5, hadRecentInput: true, duration: 0 },
    ]);
    observer.emit('first-input', [
      { name: 'pointerdown', startTime: 1000, processingStart: 1150, duration: 160, interactionId: 7 },
    ]);
    observer.emit('event', [
      { name: 'click', startTime: 1000, processingStart: 1150, duration: 520, interactionId: 7 },
    ]);
    collection.flush();
    const [records] = batches;
    expect(byName(records, 'FCP')).toMatchObject({ value: 3001, rating: 'poor' });
    expect(byName(records, 'LCP')).toMatchObject({ value: 2500, rating: 'good' });
    expect(byName(records, 'CLS')).toMatchObject({ value: 0.12, rating: 'needs-improvement' });
    expect(byName(records, 'FID')).toMatchObject({ value: 150, rating: 'needs-improvement' });
    expect(byName(records, 'INP')).toMatchObject({ value: 520, rating: 'poor' });
  });

  it('R9.8.10 R9.8.9 reports only the ten slowest interactions, with element paths of at most 200 characters', () => {
    const { batches, collection } = collect();
    document.body.innerHTML = `<main id="inhalt"><div class="${'sehr-lange-klasse'.repeat(14)}"><button class="in-den-warenkorb">Kaufen</button></div></main>`;
    const button = document.querySelector('button');
    const durations = [50, 400, 60, 300, 70, 250, 80, 90, 100, 110, 120, 130];
    observer.emit(
      'event',
      durations.map((duration, i) => ({
        name: 'click',
        startTime: i * 1000,
        duration,
        interactionId: i + 1,
        target: button,
      })),
    );
    collection.flush();
    const slow = batches[0].filter((r) => r.name === SLOW_INTERACTION_RECORD);
    expect(slow.map((r) => r.value)).toEqual([400, 300, 250, 130, 120, 110, 100, 90, 80, 70]);
    // The div's class list alone is longer than 200 characters, so the path stops below it.
    expect(slow[0].target).toBe('button.in-den-warenkorb');
    expect(slow[0].id).toBe('click#2');
    expect(byName(batches[0], 'INP')).toMatchObject({ value: 400, target: 'button.in-den-warenkorb' });
  });

  it('R9.8.9 an element path keeps the target and the ancestors that fit in 200 characters', () => {
    document.body.innerHTML = `<main id="inhalt"><section class="produkt"><button id="${'x'.repeat(300)}"></button><a class="link">Mehr</a></section></main>`;
    expect(elementPath(document.querySelector('a'))).toBe('body>main#inhalt>section.produkt>a.link');
    const long = elementPath(document.querySelector('button'));
    expect(long).toHaveLength(200);
    expect(long.startsWith('button#xxx')).toBe(true);
  });

  it('R9.8.10 keeps the longest event of one interaction and at most ten interactions', () => {
    let slowest = keepSlowest([], { interactionId: 1, duration: 100, eventType: 'pointerup', target: 'a' });
    slowest = keepSlowest(slowest, { interactionId: 1, duration: 80, eventType: 'click', target: 'a' });
    expect(slowest).toEqual([{ interactionId: 1, duration: 100, eventType: 'pointerup', target: 'a' }]);
    for (let id = 2; id <= 15; id += 1)
      slowest = keepSlowest(slowest, {
        interactionId: id,
        duration: id * 10,
        eventType: 'click',
        target: 'b',
      });
    expect(slowest).toHaveLength(10);
    expect(slowest[0].duration).toBe(150);
    expect(interactionToNextPaint(Array.from({ length: 100 }, (_, i) => i + 1))).toBe(98);
    const cls = new LayoutShiftWindows();
    cls.add(0, 0.1);
    cls.add(500, 0.1);
    cls.add(3000, 0.15);
    expect(cls.largest).toBeCloseTo(0.2);
  });
});

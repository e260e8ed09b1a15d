import {
  ELEMENT_PATH_MAX_CHARS,
  PERFORMANCE_CAP_MS,
  PERFORMANCE_FLUSH_MS,
  rateVital,
  SLOWEST_INTERACTIONS_TRACKED,
  type VitalRating,
} from '@baukasten/commerce';

/*
 * Web vitals of spec 9 measured with the browser's own PerformanceObserver: first contentful paint,
 * largest contentful paint, cumulative layout shift, first input delay and interaction to next paint,
 * plus the ten slowest interactions with the element they hit. The batch is sent once: when the page is
 * hidden, 30 s after load, or at the 60 s cap, whichever comes first (spec 4).
 */

export interface PerformanceRecord {
  name: string;
  value: number;
  path: string;
  rating?: VitalRating;
  /** Element path of an interaction, at most 200 characters. */
  target?: string;
  /** For a slow interaction: its event type and interaction id. */
  id?: string;
  navigationType?: string;
}

export interface SlowInteraction {
  interactionId: number;
  /** Longest duration of the interaction's events, in ms. */
  duration: number;
  eventType: string;
  target: string;
}

/** Record name of one of the ten slowest interactions (not a web vital of its own). */
export const SLOW_INTERACTION_RECORD = 'slow-interaction';

function elementName(element: Element): string {
  let name = element.localName || element.nodeName.toLowerCase();
  if (element.id) name += `#${element.id}`;
  const classes = [...element.classList].slice(0, 2);
  if (classes.length > 0) name += `.${classes.join('.')}`;
  return name;
}

/**
 * The element path of an interaction target, e.g. `main#inhalt>form.product-form>button.add`: as many
 * ancestors as fit in 200 characters, the target itself always (cut when it alone is longer).
 */
export function elementPath(element: Element | null | undefined, max = ELEMENT_PATH_MAX_CHARS): string {
  if (!element) return '';
  let path = elementName(element).slice(0, max);
  for (let parent = element.parentElement; parent && parent.localName !== 'html'; ) {
    const next = `${elementName(parent)}>${path}`;
    if (next.length > max) break;
    path = next;
    parent = parent.parentElement;
  }
  return path;
}

/** Adds an interaction to the slowest list (longest first), merging events of one interaction. */
export function keepSlowest(
  slowest: readonly SlowInteraction[],
  interaction: SlowInteraction,
  limit = SLOWEST_INTERACTIONS_TRACKED,
): SlowInteraction[] {
  const same = slowest.find((s) => s.interactionId === interaction.interactionId);
  if (same && same.duration >= interaction.duration) return [...slowest];
  const others = slowest.filter((s) => s.interactionId !== interaction.interactionId);
  return [...others, interaction].sort((a, b) => b.duration - a.duration).slice(0, limit);
}

/** INP: the longest interaction, skipping one for every 50 interactions (high-percentile estimate). */
export function interactionToNextPaint(durations: readonly number[]): number | null {
  if (durations.length === 0) return null;
  const sorted = [...durations].sort((a, b) => b - a);
  return sorted[Math.min(Math.floor(durations.length / 50), sorted.length - 1)];
}

/** Layout shifts grouped in session windows (gap under 1 s, window under 5 s); CLS is the largest window. */
export class LayoutShiftWindows {
  private current = 0;
  private first = 0;
  private last = 0;
  largest = 0;

  add(startTime: number, value: number): void {
    if (this.current > 0 && startTime - this.last < 1000 && startTime - this.first < 5000) {
      this.current += value;
    } else {
      this.current = value;
      this.first = startTime;
    }
    this.last = startTime;
    this.largest = Math.max(this.largest, this.current);
  }
}

interface VitalsState {
  fcp?: number;
  lcp?: number;
  fid?: number;
  cls: LayoutShiftWindows;
  sawLayoutShift: boolean;
  /** Longest duration per interaction id. */
  interactions: Map<number, number>;
  slowest: SlowInteraction[];
}

const round = (value: number) => Math.round(value);

/** The batch for what was measured so far. */
function recordsOf(state: VitalsState, path: string, navigationType?: string): PerformanceRecord[] {
  const records: PerformanceRecord[] = [];
  const vital = (
    name: string,
    metric: Parameters<typeof rateVital>[0],
    value: number | undefined,
    extra: Partial<PerformanceRecord> = {},
  ) => {
    if (value === undefined || !Number.isFinite(value) || value < 0) return;
    records.push({ name, value, path, rating: rateVital(metric, value), ...extra });
  };
  const nav = navigationType ? { navigationType } : {};
  vital('FCP', 'firstContentfulPaintMs', state.fcp === undefined ? undefined : round(state.fcp), nav);
  vital('LCP', 'largestContentfulPaintMs', state.lcp === undefined ? undefined : round(state.lcp), nav);
  if (state.sawLayoutShift)
    vital('CLS', 'cumulativeLayoutShift', Math.round(state.cls.largest * 10_000) / 10_000, nav);
  vital('FID', 'firstInputDelayMs', state.fid === undefined ? undefined : round(state.fid), nav);
  const inp = interactionToNextPaint([...state.interactions.values()]);
  if (inp !== null) {
    const culprit = state.slowest.find((s) => s.duration === inp);
    vital('INP', 'interactionToNextPaintMs', round(inp), {
      ...nav,
      ...(culprit?.target ? { target: culprit.target } : {}),
    });
  }
  for (const slow of state.slowest)
    records.push({
      name: SLOW_INTERACTION_RECORD,
      value: round(slow.duration),
      path,
      target: slow.target,
      id: `${slow.eventType}#${slow.interactionId}`.slice(0, 128),
    });
  return records;
}

type EntryWithTarget = PerformanceEntry & {
  interactionId?: number;
  processingStart?: number;
  target?: Element | null;
  value?: number;
  hadRecentInput?: boolean;
  renderTime?: number;
  loadTime?: number;
};

export interface PerformanceCollection {
  /** Sends what was measured, once; `final` ends collection even when nothing was measured. */
  flush(final?: boolean): void;
  stop(): void;
}

export interface CollectOptions {
  send(records: PerformanceRecord[]): void;
  path: string;
  win?: Window;
}

/** Starts observing; the batch goes to `send` once, at the first of hidden, 30 s after load, 60 s. */
export function collectPerformance({ send, path, win = window }: CollectOptions): PerformanceCollection {
  const doc = win.document;
  const state: VitalsState = {
    cls: new LayoutShiftWindows(),
    sawLayoutShift: false,
    interactions: new Map(),
    slowest: [],
  };
  const observers: PerformanceObserver[] = [];
  const timers: ReturnType<typeof setTimeout>[] = [];
  let done = false;

  const onEntry = (entry: EntryWithTarget) => {
    switch (entry.entryType) {
      case 'paint':
        if (entry.name === 'first-contentful-paint') state.fcp ??= entry.startTime;
        break;
      case 'largest-contentful-paint':
        state.lcp = entry.renderTime || entry.loadTime || entry.startTime;
        break;
      case 'layout-shift':
        if (!entry.hadRecentInput && typeof entry.value === 'number') {
          state.sawLayoutShift = true;
          state.cls.add(entry.startTime, entry.value);
        }
        break;
      case 'first-input':
        if (typeof entry.processingStart === 'number')
          state.fid ??= Math.max(0, entry.processingStart - entry.startTime);
        break;
    }
    if ((entry.entryType === 'event' || entry.entryType === 'first-input') && entry.interactionId) {
      const id = entry.interactionId;
      state.interactions.set(id, Math.max(state.interactions.get(id) ?? 0, entry.duration));
      state.slowest = keepSlowest(state.slowest, {
        interactionId: id,
        duration: entry.duration,
        eventType: entry.name,
        target: elementPath(entry.target),
      });
    }
  };

  const Observer = (win as Window & { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver;
  const supported: readonly string[] = Observer?.supportedEntryTypes ?? [];
  for (const type of ['paint', 'largest-contentful-paint', 'layout-shift', 'first-input', 'event']) {
    if (!Observer || !supported.includes(type)) continue;
    try {
      const observer = new Observer((list) => {
        for (const entry of list.getEntries()) onEntry(entry as EntryWithTarget);
      });
      observer.observe({
        type,
        buffered: true,
        ...(type === 'event' ? { durationThreshold: 40 } : {}),
      } as PerformanceObserverInit);
      observers.push(observer);
    } catch {
      // An entry type this browser cannot observe is simply not measured.
    }
  }

  const navigationType = (() => {
    try {
      const nav = win.performance?.getEntriesByType?.('navigation')[0] as
        | (PerformanceEntry & { type?: string })
        | undefined;
      return nav?.type;
    } catch {
      return undefined;
    }
  })();

  const onHidden = () => {
    if (doc.visibilityState === 'hidden') collection.flush(false);
  };
  const onPageHide = () => collection.flush();
  // Nothing measured yet (a tab opened in the background) waits for the next moment, at most the cap.
  const afterLoad = () => timers.push(setTimeout(() => collection.flush(false), PERFORMANCE_FLUSH_MS));

  const collection: PerformanceCollection = {
    flush(final = true) {
      if (done) return;
      for (const observer of observers) {
        for (const entry of observer.takeRecords?.() ?? []) onEntry(entry as EntryWithTarget);
      }
      const records = recordsOf(state, path, navigationType);
      if (records.length === 0 && !final) return;
      collection.stop();
      if (records.length > 0) send(records);
    },
    stop() {
      done = true;
      for (const observer of observers) observer.disconnect();
      for (const timer of timers) clearTimeout(timer);
      doc.removeEventListener('visibilitychange', onHidden);
      win.removeEventListener('pagehide', onPageHide);
      win.removeEventListener('load', afterLoad);
    },
  };

  doc.addEventListener('visibilitychange', onHidden);
  win.addEventListener('pagehide', onPageHide);
  if (doc.readyState === 'complete') afterLoad();
  else win.addEventListener('load', afterLoad, { once: true });
  timers.push(setTimeout(() => collection.flush(), PERFORMANCE_CAP_MS));
  return collection;
}

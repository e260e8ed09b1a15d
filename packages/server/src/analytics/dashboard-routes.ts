import { rateVital, WEB_VITALS_THRESHOLDS } from '@baukasten/commerce';
import type { DateRange, FunnelStepName, Storage, Website } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-error.js';
import { requireOwner } from '../owner-auth.js';
import { websiteOf } from '../site-request.js';
import { analyticsMessages, funnelStepLabels } from './analytics-messages.js';
import { siteDay } from './event-context.js';

export interface DashboardDeps {
  storage: Storage;
  /** Writes queued events and folds them into the rollups, so the dashboard shows the latest numbers. */
  catchUp: (websiteId: string) => Promise<void>;
  now: () => number;
}

const DAY_MS = 86_400_000;
const MAX_DAYS = 366;
const DEFAULT_DAYS = 30;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const isCalendarDay = (day: string) =>
  DATE.test(day) &&
  !Number.isNaN(dayNumber(day)) &&
  new Date(dayNumber(day) * DAY_MS).toISOString().slice(0, 10) === day;
const shiftDay = (day: string, days: number) =>
  new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);

/** ?from=&to= as days of the website's calendar; by default the last 30 days up to today. */
export function dateRangeOf(query: unknown, website: Website, now: number): DateRange {
  const { from, to } = (query ?? {}) as { from?: unknown; to?: unknown };
  const invalid = () => new HttpError(400, 'INVALID_RANGE', analyticsMessages.rangeInvalid);
  for (const value of [from, to])
    if (value !== undefined && (typeof value !== 'string' || !isCalendarDay(value))) throw invalid();
  const last = (to as string | undefined) ?? siteDay(website, now);
  const first = (from as string | undefined) ?? shiftDay(last, -(DEFAULT_DAYS - 1));
  const span = dayNumber(last) - dayNumber(first) + 1;
  if (span < 1 || span > MAX_DAYS) throw invalid();
  return { from: first, to: last };
}

type VitalMetric = keyof typeof WEB_VITALS_THRESHOLDS;
const isVitalMetric = (metric: string): metric is VitalMetric => Object.hasOwn(WEB_VITALS_THRESHOLDS, metric);

const ratio = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;

/** The four dashboard answers of one website over a range given as `?from=&to=`. */
export function dashboardAnswers(deps: DashboardDeps) {
  const { storage } = deps;
  const prepare = async (website: Website, query: unknown) => {
    const range = dateRangeOf(query, website, deps.now());
    await deps.catchUp(website.id);
    return range;
  };
  return {
    async summary(website: Website, query: unknown) {
      const range = await prepare(website, query);
      return { range, ...(await storage.analytics.summary(website.id, range)) };
    },

    async funnel(website: Website, query: unknown) {
      const range = await prepare(website, query);
      const funnel = await storage.analytics.funnel(website.id, range);
      const order: FunnelStepName[] = ['productView', 'addToCart', 'checkout', 'purchase'];
      const steps = order.map((step, i) => ({
        step,
        label: funnelStepLabels[step],
        sessions: funnel.sessions[step],
        /** Share of the previous step's sessions; null for the first step or when it had none. */
        conversionFromPrevious: i === 0 ? null : ratio(funnel.sessions[step], funnel.sessions[order[i - 1]!]),
      }));
      return {
        range,
        steps,
        /** Purchases per product-viewing session. */
        conversionRate: ratio(funnel.sessions.purchase, funnel.sessions.productView),
        revenue: funnel.revenue,
      };
    },

    async webVitals(website: Website, query: unknown) {
      const range = await prepare(website, query);
      const pages = new Map<
        string,
        {
          path: string;
          samples: number;
          metrics: Partial<Record<VitalMetric, { p75: number; samples: number; rating: string }>>;
        }
      >();
      for (const vital of await storage.analytics.webVitals(website.id, range)) {
        if (!isVitalMetric(vital.metric)) continue;
        const page = pages.get(vital.path) ?? { path: vital.path, samples: 0, metrics: {} };
        page.samples += vital.samples;
        page.metrics[vital.metric] = {
          p75: vital.p75,
          samples: vital.samples,
          rating: rateVital(vital.metric, vital.p75),
        };
        pages.set(vital.path, page);
      }
      return {
        range,
        thresholds: WEB_VITALS_THRESHOLDS,
        pages: [...pages.values()].sort((a, b) => b.samples - a.samples || a.path.localeCompare(b.path)),
      };
    },

    async errors(website: Website, query: unknown) {
      const range = await prepare(website, query);
      const errors = await storage.analytics.errors(website.id, range);
      return {
        range,
        total: errors.total,
        days: errors.days,
        topMessages: errors.topMessages.map((m) => ({ message: m.key, count: m.count })),
        latest: errors.latest,
      };
    },
  };
}

/** The dashboard's JSON API on the site's own host (spec: none). Owner only (the bearer stand-in). */
export function registerDashboardRoutes(site: FastifyInstance, deps: DashboardDeps) {
  const answers = dashboardAnswers(deps);
  const guarded = { preHandler: requireOwner };
  site.get('/api/analytics/summary', guarded, (request) =>
    answers.summary(websiteOf(request), request.query),
  );
  site.get('/api/analytics/funnel', guarded, (request) => answers.funnel(websiteOf(request), request.query));
  site.get('/api/analytics/web-vitals', guarded, (request) =>
    answers.webVitals(websiteOf(request), request.query),
  );
  site.get('/api/analytics/errors', guarded, (request) => answers.errors(websiteOf(request), request.query));
}

import { api } from '../../api/api-client.js';

/*
 * The dashboards' calls (GET /api/admin/sites/:siteId/analytics/*, packages/server/src/analytics) and
 * the shapes they answer with. Days are YYYY-MM-DD of the website's calendar.
 */

export interface DayRange {
  from: string;
  to: string;
}

export interface TrafficDay {
  day: string;
  visits: number;
  uniqueVisitors: number;
  pageViews: number;
}

export interface TrafficSummary {
  range: DayRange;
  days: TrafficDay[];
  totals: { visits: number; uniqueVisitors: number; pageViews: number };
  topPages: { path: string; pageViews: number }[];
  topReferrers: { host: string; pageViews: number }[];
}

export type FunnelStep = 'productView' | 'addToCart' | 'checkout' | 'purchase';

export interface Funnel {
  range: DayRange;
  steps: { step: FunnelStep; label: string; sessions: number; conversionFromPrevious: number | null }[];
  conversionRate: number | null;
  revenue: { currency: string; orders: number; amountMinor: number }[];
}

export type VitalMetric =
  | 'firstContentfulPaintMs'
  | 'largestContentfulPaintMs'
  | 'cumulativeLayoutShift'
  | 'firstInputDelayMs'
  | 'interactionToNextPaintMs';

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

export interface WebVitals {
  range: DayRange;
  thresholds: Record<VitalMetric, { good: number; poor: number }>;
  pages: {
    path: string;
    samples: number;
    metrics: Partial<Record<VitalMetric, { p75: number; samples: number; rating: VitalRating }>>;
  }[];
}

export interface ErrorSummary {
  range: DayRange;
  total: number;
  days: { day: string; errors: number }[];
  topMessages: { message: string; count: number }[];
  latest: { occurredAt: number; message: string; path: string | null }[];
}

const base = (siteId: string) => `/sites/${encodeURIComponent(siteId)}/analytics`;
const query = (range: Partial<DayRange>) => ({ from: range.from || undefined, to: range.to || undefined });

export const analytics = {
  summary: (siteId: string, range: Partial<DayRange>) =>
    api.get<TrafficSummary>(`${base(siteId)}/summary`, { query: query(range) }),
  funnel: (siteId: string, range: Partial<DayRange>) =>
    api.get<Funnel>(`${base(siteId)}/funnel`, { query: query(range) }),
  webVitals: (siteId: string, range: Partial<DayRange>) =>
    api.get<WebVitals>(`${base(siteId)}/web-vitals`, { query: query(range) }),
  errors: (siteId: string, range: Partial<DayRange>) =>
    api.get<ErrorSummary>(`${base(siteId)}/errors`, { query: query(range) }),
};

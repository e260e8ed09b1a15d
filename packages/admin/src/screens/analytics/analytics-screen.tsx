import { type FormEvent, useState } from 'react';
import { navigate, useLocation } from '../../routing/router.js';
import { paths } from '../../routing/routes.js';
import { useSite } from '../../site-context.js';
import { isMissingRoute, useLoad } from '../../ui/async.js';
import { Button, ErrorBox, Loading, NotAvailable, TextField } from '../../ui/controls.js';
import { money } from '../../ui/format.js';
import { PageTitle } from '../../ui/page-title.js';
import { analytics, type DayRange, type TrafficSummary } from './analytics-api.js';
import { number, percent } from './analytics-format.js';
import { BarChart, FunnelChart, LineChart } from './charts.js';
import { A } from './texts.js';
import { VitalsChart, VitalsLegend } from './vitals-chart.js';
import './analytics.css';

/*
 * /analytics — the owner's dashboards as charts (issue 9): traffic over the chosen days, top pages and
 * referrers, the commerce funnel with conversion and revenue, web vitals at p75 per page against the
 * bands of spec 9, and JS errors by message. The range lives in the address (?von=&bis=), so a view can
 * be bookmarked; without one the server answers the last 30 days of the site's calendar.
 */

const PRESETS = [7, 30, 90] as const;

/** Today in the website's time zone, YYYY-MM-DD. */
export function siteToday(timeZone: string, now = Date.now()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return new Date(now).toISOString().slice(0, 10);
  }
}

export function presetRange(days: number, timeZone: string, now = Date.now()): DayRange {
  const to = siteToday(timeZone, now);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

export function rangeOf(search: string): Partial<DayRange> {
  const params = new URLSearchParams(search);
  return { from: params.get('von') ?? undefined, to: params.get('bis') ?? undefined };
}

const searchOf = (range: Partial<DayRange>) => {
  const params = new URLSearchParams();
  if (range.from) params.set('von', range.from);
  if (range.to) params.set('bis', range.to);
  const text = params.toString();
  return text ? `?${text}` : '';
};

function RangePicker({ range, timeZone }: { range: Partial<DayRange>; timeZone: string }) {
  const { site } = useSite();
  const [draft, setDraft] = useState(range);
  const apply = (next: Partial<DayRange>) => {
    setDraft(next);
    navigate(`${paths.analytics(site.id)}${searchOf(next)}`, { replace: true });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  return (
    <form className="card analytics-range" onSubmit={submit} aria-label={A.range}>
      <fieldset className="analytics-range__presets">
        <legend className="visually-hidden">{A.presets}</legend>
        {PRESETS.map((days) => {
          const preset = presetRange(days, timeZone);
          const active = preset.from === range.from && preset.to === range.to;
          return (
            <Button
              key={days}
              variant={active ? 'primary' : 'secondary'}
              aria-pressed={active}
              onClick={() => apply(preset)}
            >
              {A.lastDays(days)}
            </Button>
          );
        })}
      </fieldset>
      <TextField
        label={A.from}
        type="date"
        value={draft.from ?? ''}
        onChange={(e) => setDraft({ ...draft, from: e.target.value })}
      />
      <TextField
        label={A.to}
        type="date"
        value={draft.to ?? ''}
        onChange={(e) => setDraft({ ...draft, to: e.target.value })}
      />
      <Button type="submit">{A.show}</Button>
    </form>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="analytics-figure">
      <span className="analytics-figure__value">{value}</span>
      <span className="analytics-figure__label">{label}</span>
    </div>
  );
}

function Traffic({ data }: { data: TrafficSummary }) {
  const days = data.days.map((d) => d.day);
  return (
    <section className="card analytics-section" aria-labelledby="traffic-title">
      <h2 id="traffic-title">{A.traffic}</h2>
      <div className="analytics-figures">
        <Figure label={A.visits} value={number(data.totals.visits)} />
        <Figure label={A.uniqueVisitors} value={number(data.totals.uniqueVisitors)} />
        <Figure label={A.pageViews} value={number(data.totals.pageViews)} />
      </div>
      <LineChart
        title={A.trafficChart(data.range.from, data.range.to)}
        days={days}
        series={[
          { name: A.pageViews, values: data.days.map((d) => d.pageViews), className: 'series--views' },
          { name: A.visits, values: data.days.map((d) => d.visits), className: 'series--visits' },
          {
            name: A.uniqueVisitors,
            values: data.days.map((d) => d.uniqueVisitors),
            className: 'series--visitors',
          },
        ]}
      />
      <div className="analytics-columns">
        <div>
          <h3>{A.topPages}</h3>
          {data.topPages.length === 0 ? (
            <p className="muted">{A.nothingYet}</p>
          ) : (
            <BarChart
              title={A.topPages}
              bars={data.topPages.map((p) => ({ label: p.path, value: p.pageViews }))}
            />
          )}
        </div>
        <div>
          <h3>{A.topReferrers}</h3>
          {data.topReferrers.length === 0 ? (
            <p className="muted">{A.noReferrers}</p>
          ) : (
            <BarChart
              title={A.topReferrers}
              className="chart--referrers"
              bars={data.topReferrers.map((r) => ({ label: r.host, value: r.pageViews }))}
            />
          )}
        </div>
      </div>
    </section>
  );
}

function Sales({ range }: { range: Partial<DayRange> }) {
  const { site } = useSite();
  const loaded = useLoad(() => analytics.funnel(site.id, range), [site.id, range.from, range.to]);
  if (loaded.error) return <ErrorBox error={loaded.error} />;
  const data = loaded.data;
  if (!data) return <Loading />;
  const revenue =
    data.revenue.length === 0 ? [{ currency: site.currency, orders: 0, amountMinor: 0 }] : data.revenue;
  return (
    <section className="card analytics-section" aria-labelledby="funnel-title">
      <h2 id="funnel-title">{A.funnel}</h2>
      <div className="analytics-figures">
        <Figure label={A.conversion} value={percent(data.conversionRate)} />
        {revenue.map((r) => (
          <Figure key={r.currency} label={A.revenue(r.orders)} value={money(r.amountMinor, r.currency)} />
        ))}
      </div>
      <FunnelChart
        title={A.funnelChart}
        stages={data.steps.map((s) => ({
          label: s.label,
          sessions: s.sessions,
          conversion: s.conversionFromPrevious,
        }))}
      />
    </section>
  );
}

function Vitals({ range }: { range: Partial<DayRange> }) {
  const { site } = useSite();
  const loaded = useLoad(() => analytics.webVitals(site.id, range), [site.id, range.from, range.to]);
  if (loaded.error) return <ErrorBox error={loaded.error} />;
  const data = loaded.data;
  if (!data) return <Loading />;
  return (
    <section className="card analytics-section" aria-labelledby="vitals-title">
      <h2 id="vitals-title">{A.vitals}</h2>
      <p className="muted">{A.vitalsHint}</p>
      <VitalsLegend />
      {data.pages.length === 0 ? (
        <p className="muted">{A.nothingYet}</p>
      ) : (
        data.pages
          .slice(0, 10)
          .map((page) => <VitalsChart key={page.path} page={page} thresholds={data.thresholds} />)
      )}
    </section>
  );
}

function Errors({ range }: { range: Partial<DayRange> }) {
  const { site } = useSite();
  const loaded = useLoad(() => analytics.errors(site.id, range), [site.id, range.from, range.to]);
  if (loaded.error) return <ErrorBox error={loaded.error} />;
  const data = loaded.data;
  if (!data) return <Loading />;
  return (
    <section className="card analytics-section" aria-labelledby="errors-title">
      <h2 id="errors-title">{A.errors}</h2>
      <div className="analytics-figures">
        <Figure label={A.errorCount} value={number(data.total)} />
      </div>
      {data.total === 0 ? (
        <p className="muted">{A.noErrors}</p>
      ) : (
        <>
          <LineChart
            title={A.errorsChart}
            days={data.days.map((d) => d.day)}
            series={[
              { name: A.errorCount, values: data.days.map((d) => d.errors), className: 'series--errors' },
            ]}
            height={160}
          />
          <h3>{A.errorMessages}</h3>
          <BarChart
            title={A.errorMessages}
            className="chart--errors"
            bars={data.topMessages.map((m) => ({ label: m.message, value: m.count }))}
          />
        </>
      )}
    </section>
  );
}

export function AnalyticsScreen() {
  const { site, can } = useSite();
  const { search } = useLocation();
  const range = rangeOf(search);
  // Traffic first: a bad range or a server without the dashboards is said once, not four times.
  const traffic = useLoad(() => analytics.summary(site.id, range), [site.id, range.from, range.to]);
  if (!can('analytics.view')) return <ErrorBox error={A.notAllowed} />;
  if (isMissingRoute(traffic.error)) return <NotAvailable title={A.title} />;
  return (
    <div className="analytics">
      <PageTitle>{A.title}</PageTitle>
      <RangePicker key={search} range={range} timeZone={site.timeZone} />
      {traffic.error ? (
        <ErrorBox error={traffic.error} />
      ) : !traffic.data ? (
        <Loading />
      ) : (
        <>
          <Traffic data={traffic.data} />
          <Sales range={range} />
          <Vitals range={range} />
          <Errors range={range} />
        </>
      )}
    </div>
  );
}

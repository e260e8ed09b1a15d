// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, type FakeNetwork, fakeNetwork, setCookie } from './analytics-test-kit.js';
import { type ErrorReporter, installErrorReporter, type JavascriptErrorReport } from './error-reporter.js';

const URL = '/api/events/RecordJavascriptErrors';
let net: FakeNetwork;
let reporter: ErrorReporter;

beforeEach(() => {
  vi.useFakeTimers();
  net = fakeNetwork();
  setCookie('crumb', 'krume-123');
  history.replaceState(null, '', '/laden/p/tasse');
  reporter = installErrorReporter();
});

afterEach(() => {
  reporter.stop();
  clearCookies();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function throwUncaught(message: string, stack?: string) {
  const error = new Error(message);
  if (stack !== undefined) error.stack = stack;
  window.dispatchEvent(new ErrorEvent('error', { error, message, lineno: 12, colno: 4 }));
}

function rejectUnhandled(reason: unknown) {
  const event = new Event('unhandledrejection');
  Object.assign(event, { reason });
  window.dispatchEvent(event);
}

const sent = () => net.to(URL).map((call) => JSON.parse(call.body) as JavascriptErrorReport[]);

describe('error reporter', () => {
  it('R9.7.4 R7.5.1 sends uncaught errors and rejections as one list, 1 s after the last, with the CSRF header', () => {
    throwUncaught('Kaputt');
    vi.advanceTimersByTime(600);
    rejectUnhandled(new TypeError('Versprechen gebrochen'));
    vi.advanceTimersByTime(999);
    expect(net.to(URL)).toHaveLength(0);
    vi.advanceTimersByTime(1);
    const [call] = net.to(URL);
    expect(call.method).toBe('POST');
    expect(call.headers['x-csrf-token']).toBe('krume-123');
    expect(call.headers['content-type']).toBe('application/json');
    const [reports] = sent();
    expect(reports).toHaveLength(2);
    expect(reports[0]).toMatchObject({
      message: 'Kaputt',
      name: 'Error',
      line: 12,
      column: 4,
      pagePath: '/laden/p/tasse',
      url: 'http://localhost:3000/laden/p/tasse',
    });
    expect(reports[1]).toMatchObject({ message: 'Versprechen gebrochen', name: 'TypeError' });
  });

  it('R9.7.1 sends at most 20 reports per page', () => {
    for (let i = 0; i < 25; i += 1) {
      throwUncaught(`Fehler ${i}`);
      vi.advanceTimersByTime(1500);
    }
    const messages = sent()
      .flat()
      .map((r) => r.message);
    expect(messages).toHaveLength(20);
    expect(messages.at(-1)).toBe('Fehler 19');
  });

  it('R9.7.2 holds at most 10 reports: a full queue goes out at once', () => {
    for (let i = 0; i < 15; i += 1) throwUncaught(`Fehler ${i}`);
    expect(sent().map((list) => list.length)).toEqual([10]);
    vi.advanceTimersByTime(1000);
    expect(sent().map((list) => list.length)).toEqual([10, 5]);
  });

  it('R9.7.3 cuts stacks to 5000 characters', () => {
    throwUncaught('Tief', `Error: Tief\n${'    at f (app.js:1:1)\n'.repeat(400)}`);
    vi.advanceTimersByTime(1000);
    const [[report]] = sent();
    expect(report.stack).toHaveLength(5000);
    expect(report.stack?.startsWith('Error: Tief')).toBe(true);
  });

  it('R8.5.8 a failing report is swallowed, and a rejection without an Error is still described', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (event: Event) => unhandled.push(event);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    rejectUnhandled({ code: 42 });
    rejectUnhandled(undefined);
    window.addEventListener('unhandledrejection', onUnhandled);
    await vi.advanceTimersByTimeAsync(1000);
    window.removeEventListener('unhandledrejection', onUnhandled);
    expect(unhandled).toEqual([]);
    const body = JSON.parse(String(vi.mocked(fetch).mock.calls[0][1]?.body));
    expect(body.map((r: JavascriptErrorReport) => r.message)).toEqual(['{"code":42}', 'Unbekannter Fehler']);
  });
});

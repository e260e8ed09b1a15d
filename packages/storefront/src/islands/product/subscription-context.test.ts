// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '../../analytics/analytics-test-kit.js';
import {
  type ErrorReporter,
  installErrorReporter,
  type JavascriptErrorReport,
} from '../../analytics/error-reporter.js';
import { postSubscription, SUBSCRIPTION_CONTEXT_UNREADABLE } from './cart-request.js';

const ERRORS = '/api/events/RecordJavascriptErrors';
const payload = { itemId: 'item-kaffee-abo', sku: 'KA-FILTER', quantity: 1, subscriptionOptionId: 'abo-1' };
let reporter: ErrorReporter;

beforeEach(() => {
  vi.useFakeTimers();
  reporter = installErrorReporter(window);
});

afterEach(() => {
  reporter.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const reported = (net: ReturnType<typeof fakeNetwork>) =>
  net.to(ERRORS).flatMap((call) => JSON.parse(call.body) as JavascriptErrorReport[]);

describe('subscription context', () => {
  it('R8.5.9 an answer whose subscription context cannot be read fails the subscribe and is reported to error tracking', async () => {
    const net = fakeNetwork();
    const fetchStub = vi.mocked(fetch);
    const real = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementation(async (input, init) =>
      String(input) === '/api/3/commerce/cart/subscription'
        ? new Response(JSON.stringify({ data: {} }), { status: 200 })
        : real(input, init),
    );
    expect(await postSubscription(payload, 'krume')).toEqual({ ok: false, status: 500, serverMessage: null });
    await vi.advanceTimersByTimeAsync(1000);
    expect(reported(net).map((report) => report.message)).toEqual([
      expect.stringContaining(SUBSCRIPTION_CONTEXT_UNREADABLE),
    ]);
  });

  it('R8.5.9 a readable answer and a plain refusal report nothing', async () => {
    const net = fakeNetwork();
    const fetchStub = vi.mocked(fetch);
    const real = fetchStub.getMockImplementation()!;
    let answer = new Response(JSON.stringify({ data: { cartToken: 'tok-1' } }), { status: 200 });
    fetchStub.mockImplementation(async (input, init) =>
      String(input) === '/api/3/commerce/cart/subscription' ? answer : real(input, init),
    );
    expect(await postSubscription(payload, 'krume')).toEqual({ ok: true, cartToken: 'tok-1' });
    answer = new Response(JSON.stringify({ error: { type: 'OUT_OF_STOCK', message: 'Leider …' } }), {
      status: 409,
    });
    expect((await postSubscription(payload, 'krume')).ok).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(reported(net)).toEqual([]);
  });
});

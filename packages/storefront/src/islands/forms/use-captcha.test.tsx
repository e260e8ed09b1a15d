// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { altchaChallenge, apiStub, challengeHandler, jsonResponse, signatureOf } from './api-stub.js';
import { useCaptcha } from './use-captcha.js';

const CHALLENGE = 'GET /api/captcha/challenge';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useCaptcha', () => {
  it('R7.8.2 prepares a token ahead of the submit and hands it out once', async () => {
    const api = apiStub({ [CHALLENGE]: challengeHandler(8) });
    vi.stubGlobal('fetch', api.fetch);
    const { result } = renderHook(() => useCaptcha('FORM_BLOCK_SUBMISSION'));
    expect(result.current.status).toBe('idle');
    expect(api.calls).toHaveLength(0);

    act(() => result.current.prepare());
    expect(result.current.status).toBe('solving');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.prepare());
    expect(api.callsTo(CHALLENGE)).toHaveLength(1);

    let first: string | null = null;
    let second: string | null = null;
    await act(async () => {
      first = await result.current.token();
      second = await result.current.token();
    });
    expect(signatureOf(first)).toBe('c1.signature');
    expect(signatureOf(second)).toBe('c2.signature');
  });

  it('R4.6.11 reset drops the prepared token and starts on a fresh challenge', async () => {
    const api = apiStub({ [CHALLENGE]: challengeHandler(8) });
    vi.stubGlobal('fetch', api.fetch);
    const { result } = renderHook(() => useCaptcha('PRODUCT_WAITLIST_SUBMISSION'));
    act(() => result.current.prepare());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.reset());
    await waitFor(() => expect(api.callsTo(CHALLENGE)).toHaveLength(2));
    let token: string | null = null;
    await act(async () => {
      token = await result.current.token();
    });
    expect(signatureOf(token)).toBe('c2.signature');
  });

  it('solves anew when the prepared token is about to expire', async () => {
    let count = 0;
    const api = apiStub({
      [CHALLENGE]: () =>
        jsonResponse({
          provider: 'proof-of-work',
          challenge: altchaChallenge(`c${++count}.signature`, 4),
          difficulty: 4,
          // The first challenge runs out in 10 s: too close to send.
          expiresAt: Date.now() + (count === 1 ? 10_000 : 600_000),
        }),
    });
    vi.stubGlobal('fetch', api.fetch);
    const { result } = renderHook(() => useCaptcha('FORM_BLOCK_SUBMISSION'));
    act(() => result.current.prepare());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    let token: string | null = null;
    await act(async () => {
      token = await result.current.token();
    });
    expect(signatureOf(token)).toBe('c2.signature');
  });

  it('gives no token and asks nothing when the captcha is off', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const { result } = renderHook(() => useCaptcha('NEWSLETTER_BLOCK_SUBMISSION', false));
    act(() => result.current.prepare());
    let token: string | null = 'x';
    await act(async () => {
      token = await result.current.token();
    });
    expect(token).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('R7.8.1 uses the provider script for a third-party (reCAPTCHA Enterprise) challenge', async () => {
    const api = apiStub({
      [CHALLENGE]: () => jsonResponse({ provider: 'recaptcha-enterprise', siteKey: 'site-key-1' }),
    });
    vi.stubGlobal('fetch', api.fetch);
    const execute = vi.fn(async () => 'enterprise-token');
    vi.stubGlobal('grecaptcha', { enterprise: { ready: (callback: () => void) => callback(), execute } });
    const { result } = renderHook(() => useCaptcha('PRODUCT_WAITLIST_SUBMISSION'));
    let token: string | null = null;
    await act(async () => {
      token = await result.current.token();
    });
    expect(token).toBe('enterprise-token');
    expect(execute).toHaveBeenCalledWith('site-key-1', { action: 'PRODUCT_WAITLIST_SUBMISSION' });
  });

  it('R8.4.7 reports a failed captcha with its German text', async () => {
    vi.stubGlobal(
      'fetch',
      apiStub({ [CHALLENGE]: () => jsonResponse({ error: { message: 'kaputt' } }, 500) }).fetch,
    );
    const { result } = renderHook(() => useCaptcha('FORM_BLOCK_SUBMISSION'));
    act(() => result.current.prepare());
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.error).toBe('kaputt');
    await act(async () => {
      await expect(result.current.token()).rejects.toThrow('kaputt');
    });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTEXT_CONFIG_URL, forgetContextConfig, loadContextConfig } from './context-config.js';

const config = {
  website: { id: 'site-1', locale: 'de-DE', cookieSettings: { isCookieBannerEnabled: true } },
};

afterEach(() => {
  forgetContextConfig();
  vi.restoreAllMocks();
});

describe('bootstrap config', () => {
  it('R7.3.1 R7.3.2 is fetched once with a GET without payload, and every later caller gets the cached answer', async () => {
    const fetchConfig = vi.fn(async () => new Response(JSON.stringify(config), { status: 200 }));
    const [first, second] = await Promise.all([
      loadContextConfig(fetchConfig as typeof fetch),
      loadContextConfig(fetchConfig as typeof fetch),
    ]);
    expect(first).toEqual(config);
    expect(second).toBe(first);
    expect(await loadContextConfig(fetchConfig as typeof fetch)).toBe(first);
    expect(fetchConfig).toHaveBeenCalledTimes(1);
    const [url, init] = fetchConfig.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/context/config');
    expect(CONTEXT_CONFIG_URL).toBe(url);
    expect(init.method ?? 'GET').toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('R7.3.3 a failed fetch is logged and gives null, whether the server answers an error or nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failing = vi.fn(async () => new Response('kaputt', { status: 500 }));
    expect(await loadContextConfig(failing as typeof fetch)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('Seitenkonfiguration');

    forgetContextConfig();
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await loadContextConfig(offline as typeof fetch)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[1]?.[1]).toBeInstanceOf(TypeError);
  });
});

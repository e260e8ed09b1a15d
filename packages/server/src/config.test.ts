import { expect, it } from 'vitest';
import { readConfig } from './config.js';

it('Finding 3 (#18): links are written with PUBLIC_URL_SCHEME and PUBLIC_PORT (default: http on PORT), and bad values stop the start', () => {
  // Local development: the site answers on PORT, so its links carry that port.
  expect(readConfig({}).publicUrl).toEqual({ scheme: 'http', port: 3000 });
  expect(readConfig({ PORT: '8080', PUBLIC_PORT: '' }).publicUrl).toEqual({ scheme: 'http', port: 8080 });
  // Behind a TLS proxy: https on its port, whatever the server itself listens on.
  expect(readConfig({ PORT: '3000', PUBLIC_URL_SCHEME: 'https', PUBLIC_PORT: '443' }).publicUrl).toEqual({
    scheme: 'https',
    port: 443,
  });
  expect(readConfig({ PORT: '0' }).publicUrl).toEqual({ scheme: 'http' });
  expect(() => readConfig({ PUBLIC_PORT: '70000' })).toThrow(/PUBLIC_PORT/);
  expect(() => readConfig({ PUBLIC_URL_SCHEME: 'ftp' })).toThrow(/PUBLIC_URL_SCHEME/);
});

import { describe, expect, it } from 'vitest';
import { HOSTILE_HOSTS } from './reliability/route-matrix-kit.js';
import { hostnameFromHeader, parseHostHeader } from './tenant.js';

/*
 * Security review #18, finding 3: the Host header is a hostname and an optional numeric port, nothing
 * else. These variants were tried against the old parser, which kept what stood before a colon.
 */

describe('Host header parsing (finding 3, #18)', () => {
  it('Finding 3 (#18): accepts a hostname with an optional port, IPv4, bracketed IPv6 and one trailing dot', () => {
    expect(parseHostHeader('shop.localhost')).toEqual({ hostname: 'shop.localhost' });
    expect(parseHostHeader('Shop.LocalHost:3000')).toEqual({ hostname: 'shop.localhost', port: 3000 });
    expect(parseHostHeader('shop.localhost.:3000')).toEqual({ hostname: 'shop.localhost', port: 3000 });
    expect(parseHostHeader('shop.localhost:65535')).toEqual({ hostname: 'shop.localhost', port: 65535 });
    expect(parseHostHeader('127.0.0.1:8080')).toEqual({ hostname: '127.0.0.1', port: 8080 });
    expect(parseHostHeader('[::1]:3000')).toEqual({ hostname: '::1', port: 3000 });
    expect(parseHostHeader('[2001:db8::1]')).toEqual({ hostname: '2001:db8::1' });
    expect(parseHostHeader('xn--shp-sna.localhost')).toEqual({ hostname: 'xn--shp-sna.localhost' });
    expect(hostnameFromHeader(undefined)).toBeUndefined();
  });

  it('Finding 3 (#18): refuses userinfo, spaces, odd and empty ports, several colons, non-ASCII and malformed names', () => {
    const accepted = Object.entries(HOSTILE_HOSTS)
      .filter(([host]) => parseHostHeader(host) !== undefined)
      .map(([host, why]) => `${host} (${why}) → ${JSON.stringify(parseHostHeader(host))}`);
    expect(accepted).toEqual([]);
  });
});

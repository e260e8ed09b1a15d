import { withTestDatabases } from '@baukasten/storage/testing';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../security/route-catalogue.js';
import { parseHostHeader } from '../tenant.js';
import { HOSTILE_HOSTS, OWNER_TOKEN, type RouteMatrix, routeMatrix } from './route-matrix-kit.js';

/*
 * Hostile input against every route the app registers, public and admin: malformed and deeply nested
 * JSON, form bodies, bodies past the size limit, odd Unicode (NUL, lone surrogates, RTL marks), wrong
 * types, garbage in path parameters, query strings and headers. Calls carry a signed-in owner's cookies,
 * the crumb and the owner token, so they reach each route's own validation. No answer may be a 5xx, and
 * the server must keep answering.
 */

const ODD_TEXT = [
  '',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\u202e\u2066evil',
  '💥'.repeat(50),
  'x'.repeat(5000),
  '../../etc/passwd',
  "' OR 1=1 --",
  '%00',
  '%',
  '%E0%A4%A',
  '__proto__',
  'constructor',
  'NaN',
  '-1',
  '1e309',
  '9007199254740993',
  '[object Object]',
];

const oddText = fc.oneof(fc.constantFrom(...ODD_TEXT), fc.string({ unit: 'binary', maxLength: 40 }));
const KEYS = [
  'itemId',
  'quantity',
  'email',
  'title',
  'productId',
  'variantId',
  'siteVisitorEmail',
  'form',
  'key',
  'password',
  'name',
  'collectionId',
  'sendRequests',
  'expected',
  'qtyInStock',
  'variants',
  'options',
  'shippingAddress',
  'paymentMethod',
  'couponCodes',
  'settings',
  'crumb',
  'roles',
  'blocks',
  'token',
  '__proto__',
  'constructor',
  'expectedUpdatedAt',
  'priceMinor',
  'body',
  'data',
  'records',
];
/** Query keys the routes read (path pages, lists, filters, exports, previews, uploads). */
const QUERY_KEYS = [
  ...KEYS.filter((k) => k !== '__proto__' && k !== 'constructor'),
  'q',
  'format',
  'seite',
  'kategorie',
  'tag',
  'monat',
  'ansicht',
  'cursor',
  'status',
  'from',
  'to',
  'limit',
  'offset',
  'vorschau',
  'action',
  'filename',
  'formular',
  'eintrag',
  'zurueck',
  'hinweis',
  'fehler',
  'range',
  'days',
];
const QUERY_ODD = ['ä€😀', '-1', '1e309', "1' OR '1'='1", ' '.repeat(3), 'x'.repeat(2000), '[object Object]'];
const leaf = fc.oneof(
  oddText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308),
);
const jsonish = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), oddText), tie('value'), { maxKeys: 5 }),
})).value;

const deeplyNested = (depth: number) => `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;

interface Body {
  contentType?: string;
  payload?: string;
}
const body: fc.Arbitrary<Body> = fc.oneof(
  jsonish.map((v) => ({ contentType: 'application/json', payload: JSON.stringify(v) ?? 'null' })),
  oddText.map((t) => ({ contentType: 'application/json', payload: `{"itemId":"${t}` })),
  fc.constantFrom(
    { contentType: 'application/json', payload: '{' },
    { contentType: 'application/json', payload: '' },
    { contentType: 'application/json', payload: '[]' },
    { contentType: 'application/json', payload: '"text"' },
    { contentType: 'application/json', payload: '{"__proto__":{"polluted":1}}' },
    { contentType: 'application/json', payload: deeplyNested(5000) },
    { contentType: 'application/json', payload: `{"x":"${'a'.repeat(300 * 1024)}"}` },
    { contentType: 'application/x-www-form-urlencoded', payload: 'a[b][c][d]=1&a=2&&&=&%%%' },
    { contentType: 'application/x-www-form-urlencoded', payload: `quantity=${'9'.repeat(400)}&itemId=%00` },
    { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\n\r\n--x--' },
    { contentType: 'text/plain', payload: 'hallo' },
    { contentType: 'application/xml', payload: '<x/>' },
    { contentType: undefined, payload: undefined },
  ),
  fc.dictionary(fc.constantFrom(...KEYS), oddText, { maxKeys: 5 }).map((d) => ({
    contentType: 'application/x-www-form-urlencoded',
    payload: new URLSearchParams(d).toString(),
  })),
);

const query = fc.dictionary(
  fc.constantFrom(
    'q',
    'cursor',
    'limit',
    'offset',
    'productId',
    'variantId',
    'format',
    'email',
    'type',
    'token',
    'itemId',
    'a[b]',
  ),
  oddText,
  { maxKeys: 4 },
);

/** Host headers pieced together from what the review tried: userinfo, ports, brackets, dots, spaces, Unicode. */
const HOST_PIECES = [
  'matrix.test',
  'evil.example',
  'localhost',
  '127.0.0.1',
  '[::1]',
  '::1',
  ':',
  '@',
  '.',
  '..',
  ' ',
  '\t',
  '[',
  ']',
  '3000',
  '65535',
  '65536',
  '0',
  '-1',
  '99999999999',
  'ö',
  '\u3002',
  'xn--shp-sna',
  '%2e',
  '/',
  '\\',
  '#',
  '?',
];
const hostHeader = fc.oneof(
  fc.constantFrom(...Object.keys(HOSTILE_HOSTS).filter((h) => h !== '')),
  fc.array(fc.constantFrom(...HOST_PIECES), { minLength: 1, maxLength: 6 }).map((p) => p.join('')),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map((h) => h.replace(/[\r\n\0]/g, '')),
);

withTestDatabases((db) => {
  describe('fuzzing every route (issue 12 hostile input)', () => {
    let m: RouteMatrix;
    const fiveHundreds: string[] = [];
    beforeAll(async () => {
      m = await routeMatrix(await db.open());
    });
    afterAll(() => m?.app.close());

    const send = async (
      route: RegisteredRoute,
      b: Body,
      q: Record<string, string>,
      param?: string,
      header?: string,
    ) => {
      const cookies = [...m.owner.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
      let url = m.urlOf(route);
      if (param !== undefined) {
        const segments = url.split('/');
        segments[segments.length - 1] = encodeURIComponent(
          param.replace(/[\ud800-\udfff]/gu, '\ufffd'),
        ).slice(0, 300);
        url = segments.join('/');
      }
      const qs = new URLSearchParams(q).toString();
      const headers: Record<string, string> = {
        host: m.hostOf(route),
        cookie: cookies,
        'x-csrf-token': m.owner.cookies.get('crumb')!,
        authorization: `Bearer ${OWNER_TOKEN}`,
      };
      if (b.contentType) headers['content-type'] = b.contentType;
      if (header !== undefined) headers['accept-language'] = header.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');
      const options: InjectOptions = {
        method: route.method as 'POST',
        url: qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url,
        headers,
        ...(b.payload !== undefined && route.method !== 'GET' ? { payload: b.payload } : {}),
      };
      const res = await m.app.inject(options);
      if (res.statusCode >= 500)
        fiveHundreds.push(
          `${route.method} ${options.url?.toString().slice(0, 120)} ${b.contentType} ${b.payload?.slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 160)}`,
        );
      return res;
    };

    it('every route answers a fixed set of hostile bodies and parameters without a 5xx', async () => {
      const fixed: Body[] = fc.sample(body, { numRuns: 6, seed: 7 });
      for (const route of m.routes) {
        for (const b of fixed) await send(route, b, {});
        await send(route, { contentType: 'application/json', payload: deeplyNested(5000) }, {});
        await send(
          route,
          { contentType: 'application/json', payload: '{"a":"\\u0000"}' },
          { q: '\u0000' },
          '\u0000',
        );
        if (route.url.includes(':'))
          for (const p of ['\u0000', "1' OR '1'='1", '%', 'ä'.repeat(100)]) await send(route, {}, {}, p);
        // Every query key a route might read, all at once, with each kind of odd value (the random pass
        // below rarely meets one GET route with the one key it reads).
        for (const odd of QUERY_ODD) {
          await send(route, {}, Object.fromEntries(QUERY_KEYS.map((k) => [k, odd])));
        }
      }
      expect(fiveHundreds).toEqual([]);
    });

    it('Finding 4 (#18): random crumb cookies of every length and alphabet are refused or replaced, never a 5xx', async () => {
      const crumbText = fc.oneof(
        fc.string({ unit: 'binary', maxLength: 60 }),
        fc.string({ unit: fc.constantFrom(...'ABCxyz019-_+/=. e'), minLength: 20, maxLength: 28 }),
        fc.constantFrom('', 'e', '<', '"', '\u0000', 'x'.repeat(4000)),
      );
      const guarded = m.routes.filter((r) => r.method !== 'GET');
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: guarded.length - 1 }), crumbText, async (index, crumb) => {
          const route = guarded[index]!;
          const value = encodeURIComponent(crumb.replace(/[\ud800-\udfff]/gu, '\ufffd'));
          const isCrumb = /^[A-Za-z0-9_-]{24}$/.test(crumb);
          const res = await m.app.inject({
            method: route.method as 'POST',
            url: m.urlOf(route),
            headers: { host: m.hostOf(route), cookie: `crumb=${value}`, 'x-csrf-token': value },
            payload: {},
          });
          const page = await m.app.inject({
            url: '/laden',
            headers: { host: m.shop.hostname, cookie: `crumb=${value}` },
          });
          const issued = page.cookies.find((c) => c.name === 'crumb')?.value;
          return (
            res.statusCode < 500 &&
            page.statusCode === 200 &&
            (isCrumb ? issued === undefined : /^[A-Za-z0-9_-]{24}$/.test(issued ?? ''))
          );
        }),
        { numRuns: 300, seed: Number(process.env.FUZZ_SEED ?? 20261125) },
      );
      expect(fiveHundreds).toEqual([]);
    });

    it('Finding 3 (#18): random Host headers on random routes never give a 5xx; every one the parser refuses gets 400', async () => {
      const wrong: string[] = [];
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: m.routes.length - 1 }),
          hostHeader,
          async (index, host) => {
            if (host === '') return true;
            const route = m.routes[index]!;
            const res = await m.app.inject({
              method: route.method as 'POST',
              url: m.urlOf(route),
              headers: { host, 'x-forwarded-host': 'evil.example' },
              ...(route.method === 'GET' ? {} : { payload: {} }),
            });
            if (parseHostHeader(host) === undefined && res.statusCode !== 400)
              wrong.push(`${route.method} ${route.url} Host ${JSON.stringify(host)} → ${res.statusCode}`);
            if (res.body.includes('evil.example'))
              wrong.push(`${route.url} Host ${JSON.stringify(host)} echoed`);
            return res.statusCode < 500;
          },
        ),
        { numRuns: 600, seed: Number(process.env.FUZZ_SEED ?? 20261125) },
      );
      expect(wrong).toEqual([]);
    });

    it('random combinations of route, body, query, path parameter and header never give a 5xx', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: m.routes.length - 1 }),
          body,
          query,
          fc.option(oddText, { nil: undefined }),
          fc.option(oddText, { nil: undefined }),
          async (index, b, q, param, header) => {
            const res = await send(m.routes[index]!, b, q, param, header);
            return res.statusCode < 500;
          },
        ),
        { numRuns: 1500, seed: Number(process.env.FUZZ_SEED ?? 20261125) },
      );
      expect(fiveHundreds).toEqual([]);
      // Still serving after all of it.
      const health = await m.app.inject({ url: '/healthz' });
      expect(health.statusCode).toBe(200);
      const page = await m.app.inject({ url: '/laden', headers: { host: m.shop.hostname } });
      expect(page.statusCode).toBe(200);
    });
  });
});

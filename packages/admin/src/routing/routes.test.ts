import { describe, expect, it } from 'vitest';
import { paths, returnPathOf, routeOf } from './routes.js';

describe('editor addresses', () => {
  it('reads every screen’s address', () => {
    expect(routeOf('/config')).toEqual({ name: 'home' });
    expect(routeOf('/config/')).toEqual({ name: 'home' });
    expect(routeOf('/config/anmelden')).toEqual({ name: 'signIn' });
    expect(routeOf('/config/registrieren')).toEqual({ name: 'signUp' });
    expect(routeOf('/config/sites/neu')).toEqual({ name: 'newSite' });
    expect(routeOf('/config/invitations/abc_123')).toEqual({ name: 'invitation', token: 'abc_123' });
    expect(routeOf('/config/sites/s1')).toEqual({ name: 'site', siteId: 's1', section: 'dashboard' });
    expect(routeOf('/config/sites/s1/seiten')).toEqual({ name: 'site', siteId: 's1', section: 'pages' });
    expect(routeOf('/config/sites/s1/produkte')).toEqual({ name: 'site', siteId: 's1', section: 'products' });
    expect(routeOf('/config/sites/s1/produkte/neu')).toEqual({
      name: 'site',
      siteId: 's1',
      section: 'newProduct',
    });
    expect(routeOf('/config/sites/s1/produkte/import')).toEqual({
      name: 'site',
      siteId: 's1',
      section: 'productImport',
    });
    expect(routeOf(paths.productImport('s1'))).toMatchObject({ section: 'productImport' });
    expect(routeOf('/config/sites/s1/produkte/p9')).toEqual({
      name: 'site',
      siteId: 's1',
      section: 'product',
      productId: 'p9',
    });
    expect(routeOf('/config/sites/s1/lager')).toEqual({ name: 'site', siteId: 's1', section: 'inventory' });
    expect(routeOf('/config/sites/s1/bestellungen')).toEqual({
      name: 'site',
      siteId: 's1',
      section: 'orders',
    });
    expect(routeOf('/config/sites/s1/bestellungen/o7')).toEqual({
      name: 'site',
      siteId: 's1',
      section: 'order',
      orderId: 'o7',
    });
    expect(routeOf('/config/sites/s1/einstellungen')).toEqual({
      name: 'site',
      siteId: 's1',
      section: 'settings',
    });
    expect(routeOf('/config/sites/s1/mitglieder')).toEqual({
      name: 'site',
      siteId: 's1',
      section: 'members',
    });
  });

  it('knows nothing else', () => {
    for (const path of [
      '/',
      '/configx',
      '/config/sites',
      '/config/sites/s1/unbekannt',
      '/config/sites/s1/lager/x',
      '/config/x',
    ])
      expect(routeOf(path)).toEqual({ name: 'notFound' });
  });

  it('writes addresses that read back to the same screen', () => {
    expect(routeOf(paths.product('s 1', 'p/2'))).toEqual({
      name: 'site',
      siteId: 's 1',
      section: 'product',
      productId: 'p/2',
    });
    expect(routeOf(paths.order('s1', 'o1'))).toMatchObject({ section: 'order', orderId: 'o1' });
  });

  it('returns after sign-in only to an address of the editor', () => {
    expect(returnPathOf('?weiter=%2Fconfig%2Fsites%2Fs1%3Fx%3D1')).toBe('/config/sites/s1?x=1');
    expect(returnPathOf('?weiter=https%3A%2F%2Fevil.example%2Fconfig')).toBe('/config');
    expect(returnPathOf('?weiter=%2F%2Fevil.example%2Fconfig')).toBe('/config');
    expect(returnPathOf('?weiter=%2Fconfigure')).toBe('/config');
    expect(returnPathOf('')).toBe('/config');
  });
});

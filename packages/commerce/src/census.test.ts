import { describe, expect, it } from 'vitest';
import {
  CENSUS_TIMEOUT_MS,
  censusContentSource,
  EVENT_SOURCES,
  isConfigPath,
  PERFORMANCE_CAP_MS,
  PERFORMANCE_FLUSH_MS,
  rateVital,
  resolveTrackingLocale,
  SOURCE_ENVIRONMENTS,
  shouldRecordCensusHit,
  trackerEnvironmentWarning,
  trackerHostKind,
  trackerStatusError,
} from './census.js';

const anonymous = { authenticated: false };
const page = { path: '/shop', pageType: 1 };

describe('census hits', () => {
  it('R6.2.1 records visitors who are not logged in', () => {
    expect(shouldRecordCensusHit(anonymous, page)).toBe(true);
  });

  it('R6.2.2 records a logged-in viewer-only account outside config paths', () => {
    expect(shouldRecordCensusHit({ authenticated: true, websiteRoles: [10] }, page)).toBe(true);
  });

  it('R6.2.3 does not record accounts with other website roles', () => {
    expect(shouldRecordCensusHit({ authenticated: true, websiteRoles: [10, 4] }, page)).toBe(false);
    expect(shouldRecordCensusHit({ authenticated: true, websiteRoles: [1] }, page)).toBe(false);
  });

  it('R6.2.4 does not record a viewer on a config path', () => {
    expect(
      shouldRecordCensusHit({ authenticated: true, websiteRoles: [10] }, { path: '/config/pages' }),
    ).toBe(false);
    expect(isConfigPath('/config')).toBe(true);
    expect(isConfigPath('/configurator')).toBe(false);
  });

  it('R2.1.11 paths containing /config are the site owner’s editing context', () => {
    for (const path of ['/config', '/config/', '/config/sites/1/seiten', '/shop/config', '/config?tab=2'])
      expect(isConfigPath(path), path).toBe(true);
    for (const path of ['/', '/configurator', '/shop/konfig', '/my-config', '/p/config-set'])
      expect(isConfigPath(path), path).toBe(false);
  });

  it.each([
    ['R6.2.5 not found', 100],
    ['R6.2.6 lock screen', 103],
    ['R6.2.7 access denied', 106],
  ])('%s pages are skipped', (_, pageType) => {
    expect(shouldRecordCensusHit(anonymous, { path: '/x', pageType })).toBe(false);
  });

  it('R6.2.8 the global switch disables census', () => {
    expect(shouldRecordCensusHit(anonymous, page, false)).toBe(false);
  });

  it('R2.1.5 no hit is recorded on /search', () => {
    expect(shouldRecordCensusHit(anonymous, { path: '/search' })).toBe(false);
    expect(shouldRecordCensusHit(anonymous, { path: '/search?q=hut' })).toBe(false);
    expect(shouldRecordCensusHit(anonymous, { path: '/searchlight' })).toBe(true);
  });

  it('R3.25.6 contentSource is i for an item and c for a collection', () => {
    expect(censusContentSource({ itemId: 'abc' })).toBe('i');
    expect(censusContentSource({})).toBe('c');
  });
});

describe('tracker rules', () => {
  it('R3.26.5 R3.26.6 R8.5.5 R8.5.6 environments and event sources', () => {
    expect(SOURCE_ENVIRONMENTS).toEqual(['dev', 'qa', 'staging', 'prod']);
    expect(EVENT_SOURCES).toEqual(['WEB', 'IOS', 'ANDROID', 'SERVER']);
    expect(trackerEnvironmentWarning(undefined)).toBe('Tracker environment must be dev, staging or prod');
    expect(trackerEnvironmentWarning('live')).toBe('Tracker environment must be dev, staging or prod');
    expect(trackerEnvironmentWarning('prod')).toBeNull();
  });

  it('R7.5.6 R7.5.7 the v2 tracker host is a staging host for dev, qa and staging, the production host for prod', () => {
    expect(SOURCE_ENVIRONMENTS.map((environment) => [environment, trackerHostKind(environment)])).toEqual([
      ['dev', 'staging'],
      ['qa', 'staging'],
      ['staging', 'staging'],
      ['prod', 'production'],
    ]);
  });

  it('R8.5.1 non-200/202 answers give the status error text', () => {
    expect(trackerStatusError(200)).toBeNull();
    expect(trackerStatusError(202)).toBeNull();
    expect(trackerStatusError(500)).toBe('Error tracking event: HTTP Status 500');
  });

  it('R3.25.3 R3.25.4 resolved_locale falls back to the document language, then en-US', () => {
    expect(resolveTrackingLocale('de-DE', 'fr')).toBe('de-DE');
    expect(resolveTrackingLocale(undefined, 'fr')).toBe('fr');
    expect(resolveTrackingLocale('', '')).toBe('en-US');
  });

  it('R9.8.4 R4.10.5 R4.10.6 census timeout and performance timings; web-vitals thresholds', () => {
    expect(CENSUS_TIMEOUT_MS).toBe(2500);
    expect(PERFORMANCE_FLUSH_MS).toBe(30000);
    expect(PERFORMANCE_CAP_MS).toBe(60000);
    expect(rateVital('largestContentfulPaintMs', 2500)).toBe('good');
    expect(rateVital('largestContentfulPaintMs', 4000)).toBe('needs-improvement');
    expect(rateVital('cumulativeLayoutShift', 0.3)).toBe('poor');
  });
});

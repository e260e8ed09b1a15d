import { beforeAll, expect, it } from 'vitest';
import type { Storage } from './open-storage.js';
import { restockLanguageOf } from './restock-repository.js';
import { withTestDatabases } from './test-databases.js';

it('R7.4.4 keeps the primary subtag of a language tag and nothing that is not one', () => {
  expect(restockLanguageOf('en-GB')).toBe('en');
  expect(restockLanguageOf(' DE ')).toBe('de');
  expect(restockLanguageOf('de_AT')).toBe('de');
  expect(restockLanguageOf('')).toBeNull();
  expect(restockLanguageOf('<script>')).toBeNull();
  expect(restockLanguageOf(undefined)).toBeNull();
});

withTestDatabases((db) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
  });

  it('R7.4.4 stores the language of a sign-up; a later sign-up without one keeps it, one with another changes it', async () => {
    const site = await storage.websites.create({ title: 'Sprachen', hostnames: ['sprachen.test'] });
    const signUp = (email: string, language?: string | null) =>
      storage.restockSignups.signUp(site.id, { productId: 'p1', variantId: 'v1', email, language });
    expect((await signUp('anna@example.de', 'en-US')).language).toBe('en');
    expect((await signUp('ANNA@example.de')).language).toBe('en');
    expect((await signUp('bert@example.de')).language).toBeNull();
    expect((await signUp('bert@example.de', 'fr-FR')).language).toBe('fr');
    const taken = await storage.restockSignups.takeForNotification(site.id, 'p1', 'v1');
    expect(Object.fromEntries(taken.map((s) => [s.email, s.language]))).toEqual({
      'anna@example.de': 'en',
      'bert@example.de': 'fr',
    });
  });
});

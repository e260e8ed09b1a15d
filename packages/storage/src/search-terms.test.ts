import { describe, expect, it } from 'vitest';
import { germanStem, postgresTsQuery, searchWords, sqliteMatchExpression } from './search-terms.js';

describe('German search terms for SQLite', () => {
  it('R2.1.4 reduces German word forms of one word to one stem', () => {
    expect(germanStem('tassen')).toBe(germanStem('tasse'));
    expect(germanStem('kerzen')).toBe(germanStem('kerze'));
    expect(germanStem('veranstaltungen')).toBe(germanStem('veranstaltung'));
    expect('topferkurs'.startsWith(germanStem('töpferkurse'))).toBe(true);
    expect(germanStem('ergebnisse')).toBe(germanStem('ergebnis'));
    // The stem is a prefix of every form, so a prefix match on the stem finds them all.
    expect(germanStem('bücher')).toBe('buch');
  });

  it('R2.1.4 keeps only letters and digits of a query, so none of its syntax reaches SQL', () => {
    expect(searchWords('Tassen" OR * NEAR(x) -- ;')).toEqual(['tassen', 'or', 'near', 'x']);
    expect(sqliteMatchExpression('Tassen aus Keramik!')).toBe('"tass"* "aus"* "keram"*');
    expect(sqliteMatchExpression('   ')).toBe('');
    expect(postgresTsQuery("Bücher' & !x")).toBe('(bücher:* | buch:*) & x:*');
  });

  it('R2.1.4 a stop word whose stem only drops its umlaut stays alone, so PostgreSQL can drop it', () => {
    expect(postgresTsQuery('Tassen für Kaffee')).toBe('(tassen:* | tass:*) & für:* & (kaffee:* | kaff:*)');
  });

  it('R2.1.4 folds diacritics as the index does, and keeps ß as the index keeps it', () => {
    expect(sqliteMatchExpression('Häuser')).toBe('"haus"*');
    expect(sqliteMatchExpression('Straßen Größe Café')).toBe('"straß"* "groß"* "cafe"*');
  });
});

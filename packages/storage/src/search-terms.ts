import { stemmer } from '@orama/stemmers/german';

/*
 * Words of a visitor's search as the SQLite index can match them. SQLite's FTS5 has no German
 * stemmer, so the index keeps whole words (diacritics folded) and the query carries stems: each word
 * is reduced by the German Snowball rules (inflection and common derivation suffixes) and matched as
 * a prefix, so "Tassen" finds "Tasse" and "Bücher" finds "Buch". PostgreSQL stems both sides itself
 * (configuration 'german', the same Snowball algorithm); it gets the words and their stems.
 * The stemmer is Snowball's own, generated code (@orama/stemmers); only the index stores words, never
 * stems, so a change of stemmer needs no re-indexing
 * (docs/decisions/015-libraries-for-markdown-search-captcha-rate-limits.md).
 */

const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;

/** Letters and digits only, lower case, at most 8 words: nothing of the query's syntax reaches SQL. */
export function searchWords(query: string): string[] {
  const words = String(query ?? '')
    .toLowerCase()
    .normalize('NFC')
    .match(/[\p{L}\p{N}]+/gu);
  if (!words) return [];
  return [...new Set(words.filter((w) => w.length <= MAX_TERM_LENGTH))].slice(0, MAX_TERMS);
}

/**
 * The German Snowball stem of one lower-case word. Snowball writes it without umlauts and with ß as ss
 * ("bücher" → "buch", "straße" → "strass"), as PostgreSQL's 'german' configuration stores words.
 */
export const germanStem = (word: string): string => stemmer(word);

/** ä → a, é → e ...: what FTS5's unicode61 tokenizer with remove_diacritics stores. */
export const withoutDiacritics = (word: string) => word.normalize('NFD').replace(/\p{M}+/gu, '');

/**
 * The start of the word, as the SQLite index holds it, that its stem covers. Snowball only cuts endings,
 * so the stem is as long as a start of the word, counting ß as the two letters it writes for it; FTS5
 * keeps ß as it is, so the prefix must keep it too ("straße" → "straß", not "strass").
 */
function indexedPrefix(word: string, stem: string): string {
  let prefix = '';
  let covered = 0;
  for (const letter of word) {
    covered += letter === 'ß' ? 2 : 1;
    if (covered > stem.length) break;
    prefix += letter;
  }
  return withoutDiacritics(prefix);
}

/**
 * The FTS5 MATCH expression for a query: every word's stem as a quoted prefix, all required.
 * Empty when the query has no word.
 */
export function sqliteMatchExpression(query: string): string {
  return searchWords(query)
    .map((word) => {
      const stem = indexedPrefix(word, germanStem(word));
      // A stem shorter than two letters would match half the index; the whole word does better.
      return `"${stem.length >= 2 ? stem : withoutDiacritics(word)}"*`;
    })
    .join(' ');
}

/**
 * The word stemmed until nothing more comes off: Snowball cuts one suffix per step, so "Töpferkurse"
 * stems to "topferkurs" while "Töpferkurs" stems to "topferkur".
 */
function shortestStem(word: string): string {
  let stem = germanStem(word);
  for (let i = 0; i < 3; i++) {
    const next = germanStem(stem);
    if (next === stem) break;
    stem = next;
  }
  return stem;
}

/** The word as Snowball spells it before cutting: umlauts as plain vowels, ß as ss. */
const snowballSpelling = (word: string) =>
  word.replace(/ä/g, 'a').replace(/ö/g, 'o').replace(/ü/g, 'u').replace(/ß/g, 'ss');

/**
 * The to_tsquery text for PostgreSQL's 'german' configuration: every word as a prefix, or its shortest
 * stem as a prefix (see shortestStem), all words required. A word whose stem is only its own spelling
 * without umlauts ("für") stays alone: the stem would survive where PostgreSQL drops the word as a stop
 * word, and then require a word no document stores.
 */
export function postgresTsQuery(query: string): string {
  return searchWords(query)
    .map((word) => {
      const stem = shortestStem(word);
      return stem !== snowballSpelling(word) && stem.length >= 2 ? `(${word}:* | ${stem}:*)` : `${word}:*`;
    })
    .join(' & ');
}

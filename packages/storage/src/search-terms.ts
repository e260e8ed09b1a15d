/*
 * Words of a visitor's search as the SQLite index can match them. SQLite's FTS5 has no German
 * stemmer, so the index keeps whole words (diacritics folded) and the query carries stems: each word
 * is reduced by the German Snowball rules (inflection and common derivation suffixes) and matched as
 * a prefix, so "Tassen" finds "Tasse" and "Bücher" finds "Buch". PostgreSQL stems both sides itself
 * (configuration 'german'); it gets the plain words.
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

const VOWELS = new Set([...'aeiouyäöü']);
const isVowel = (c: string | undefined) => c !== undefined && VOWELS.has(c);

/** Start of the region after the first non-vowel that follows a vowel (Snowball's R1/R2). */
function regionAfter(word: string, from: number): number {
  for (let i = from + 1; i < word.length; i++) {
    if (!isVowel(word[i]) && isVowel(word[i - 1])) return i + 1;
  }
  return word.length;
}

const S_ENDING = new Set([...'bdfghklmnrt']);
const ST_ENDING = new Set([...'bdfghklmnt']);

const endsIn = (word: string, suffixes: readonly string[]) => suffixes.find((s) => word.endsWith(s));

/** The German stem of one lower-case word, after the Snowball German algorithm. */
export function germanStem(input: string): string {
  // u and y between vowels act as consonants; marked upper case while the regions are found.
  let word = input
    .replace(/([aeiouyäöü])u(?=[aeiouyäöü])/g, '$1U')
    .replace(/([aeiouyäöü])y(?=[aeiouyäöü])/g, '$1Y');
  const standardR1 = regionAfter(word, 0);
  const r1 = Math.max(standardR1, 3);
  const r2 = regionAfter(word, standardR1);
  const inR1 = (suffix: string) => word.length - suffix.length >= r1;
  const inR2 = (suffix: string) => word.length - suffix.length >= r2;
  const cut = (suffix: string) => {
    word = word.slice(0, word.length - suffix.length);
  };

  // Step 1: inflection.
  const s1 = endsIn(word, ['ern', 'em', 'er', 'en', 'es', 'e', 's']);
  if (s1 && inR1(s1)) {
    if (s1 === 's') {
      if (S_ENDING.has(word[word.length - 2] ?? '')) cut(s1);
    } else {
      cut(s1);
      if ((s1 === 'en' || s1 === 'es' || s1 === 'e') && word.endsWith('niss')) cut('s');
    }
  }
  // Step 2: comparison and verb endings.
  const s2 = endsIn(word, ['est', 'en', 'er', 'st']);
  if (s2 && inR1(s2)) {
    if (s2 === 'st') {
      if (ST_ENDING.has(word[word.length - 3] ?? '') && word.length - 3 >= 3) cut(s2);
    } else cut(s2);
  }
  // Step 3: derivation.
  const s3 = endsIn(word, ['end', 'ung', 'isch', 'ig', 'ik', 'lich', 'heit', 'keit']);
  if (s3 && inR2(s3)) {
    if (s3 === 'end' || s3 === 'ung') {
      cut(s3);
      if (word.endsWith('ig') && !word.endsWith('eig') && inR2('ig')) cut('ig');
    } else if (s3 === 'ig' || s3 === 'ik' || s3 === 'isch') {
      if (!word.slice(0, word.length - s3.length).endsWith('e')) cut(s3);
    } else if (s3 === 'lich' || s3 === 'heit') {
      cut(s3);
      const s = endsIn(word, ['er', 'en']);
      if (s && inR1(s)) cut(s);
    } else {
      cut(s3);
      const s = endsIn(word, ['lich', 'ig']);
      if (s && inR2(s)) cut(s);
    }
  }
  return word.replace(/U/g, 'u').replace(/Y/g, 'y');
}

/** ä → a, é → e ...: what FTS5's unicode61 tokenizer with remove_diacritics stores. */
export const withoutDiacritics = (word: string) => word.normalize('NFD').replace(/\p{M}+/gu, '');

/**
 * The FTS5 MATCH expression for a query: every word's stem as a quoted prefix, all required.
 * Empty when the query has no word.
 */
export function sqliteMatchExpression(query: string): string {
  return searchWords(query)
    .map((word) => {
      const stem = withoutDiacritics(germanStem(word));
      // A stem shorter than two letters would match half the index; the whole word does better.
      return `"${stem.length >= 2 ? stem : withoutDiacritics(word)}"*`;
    })
    .join(' ');
}

/**
 * The word stemmed until nothing more comes off: Snowball cuts one suffix per step, so "Töpferkurse"
 * stems to "töpferkurs" while "Töpferkurs" stems to "töpferkur".
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

/**
 * The to_tsquery text for PostgreSQL's 'german' configuration: every word as a prefix, or its shortest
 * stem as a prefix (see shortestStem), all words required.
 */
export function postgresTsQuery(query: string): string {
  return searchWords(query)
    .map((word) => {
      const stem = shortestStem(word);
      return stem !== word && stem.length >= 2 ? `(${word}:* | ${stem}:*)` : `${word}:*`;
    })
    .join(' & ');
}

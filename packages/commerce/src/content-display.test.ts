import { describe, expect, it } from 'vitest';
import {
  altTextFromBody,
  calendarCompactDate,
  commentCountText,
  commentsVisible,
  isDisqusShortname,
  isFolderItemClickable,
  relativeTimeText,
  truncateText,
} from './content-display.js';

const dickens =
  'It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness, it was the epoch of belief';

describe('comments', () => {
  it('R4.8.1 shown when commentState is 1', () => {
    expect(commentsVisible({ commentState: 1, publicCommentCount: 0 })).toBe(true);
    expect(commentsVisible({ commentState: 0 })).toBe(false);
  });

  it('R4.8.2 shown when there are public comments', () => {
    expect(
      commentsVisible({
        websiteSettings: { commentsEnabled: true },
        publicCommentCount: 20,
        commentState: 2,
      }),
    ).toBe(true);
  });

  it('R4.8.3 hidden when website settings exist and comments are off', () => {
    expect(
      commentsVisible({
        websiteSettings: { commentsEnabled: false },
        publicCommentCount: 20,
        commentState: 1,
      }),
    ).toBe(false);
    expect(commentsVisible({ websiteSettings: {}, commentState: 1 })).toBe(false);
  });

  it('R8.8.5 R8.8.6 R8.8.7 count texts', () => {
    expect(commentCountText(0)).toBe('No Comments');
    expect(commentCountText(undefined)).toBe('No Comments');
    expect(commentCountText(1)).toBe('1 Comment');
    expect(commentCountText(10)).toBe('10 Comments');
  });

  it('R8.8.5 issue 22 a German site counts in German, never with the English fallback', () => {
    expect(commentCountText(0, 'de-DE')).toBe('Keine Kommentare');
    expect(commentCountText(1, 'de')).toBe('1 Kommentar');
    expect(commentCountText(3, 'de-AT')).toBe('3 Kommentare');
    expect(commentCountText(3, 'en-US')).toBe('3 Comments');
  });
});

describe('folder items', () => {
  it('R4.9.1 R4.9.2 R4.9.3 clickable when missing, index or redirect', () => {
    expect(isFolderItemClickable(undefined)).toBe(true);
    expect(isFolderItemClickable(1)).toBe(true);
    expect(isFolderItemClickable(2)).toBe(true);
    expect(isFolderItemClickable(3)).toBe(false);
    expect(isFolderItemClickable(4)).toBe(false);
  });
});

describe('relative time', () => {
  const now = 1627849845000;
  it('R8.8.8 about N units ago, rounded down', () => {
    expect(relativeTimeText(-607001400000, now)).toBe('about 70 years ago');
    expect(relativeTimeText(1577987019000, now)).toBe('about a year ago');
    expect(relativeTimeText(now - 3 * 3600_000, now)).toBe('about 3 hours ago');
    expect(relativeTimeText(now - 3600_000, now)).toBe('about an hour ago');
    expect(relativeTimeText(now - 61_000, now)).toBe('about a minute ago');
  });

  it('R8.8.9 R8.6.14 under a minute, and non-finite dates', () => {
    expect(relativeTimeText(now - 59_000, now)).toBe('less than a minute ago');
    expect(relativeTimeText(Number.NaN, now)).toBe('Invalid date.');
  });
});

describe('truncation and alt text', () => {
  it('R9.5.6 cuts at a word boundary and appends the ellipsis (default 100 and ...)', () => {
    expect(truncateText(dickens, 28)).toBe('It was the best of times, ...');
    expect(truncateText(dickens, 55, '!!')).toBe('It was the best of times, it was the worst of times, !!');
    expect(truncateText(dickens, 80, '……')).toBe(
      'It was the best of times, it was the worst of times, it was the age of wisdom, ……',
    );
    expect(truncateText(dickens)).toBe(
      'It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of ...',
    );
    expect(truncateText('short')).toBe('short');
    expect(truncateText('x'.repeat(120))).toBe(`${'x'.repeat(100)}...`);
  });

  it('R9.5.5 alt text from the body is plain text cut at 250 characters', () => {
    expect(altTextFromBody('<p>Rote <strong>Mütze</strong></p>')).toBe('Rote Mütze');
    expect(altTextFromBody(`<p>${'a'.repeat(300)}</p>`)).toHaveLength(250);
    expect(altTextFromBody(null)).toBe('');
  });

  it('R9.5.8 calendar dates in compact UTC form', () => {
    expect(calendarCompactDate(1384518630000)).toBe('20131115T123030Z');
    expect(calendarCompactDate(Number.NaN)).toBeNull();
  });
});

describe('Disqus forum names', () => {
  it('letters, digits and dashes only, so a name never changes the script host', () => {
    expect(isDisqusShortname('mein-laden2')).toBe(true);
    for (const bad of ['', 'evil.example/x', 'a b', 'laden.disqus.com', 'x'.repeat(65), 42, undefined])
      expect(isDisqusShortname(bad)).toBe(false);
  });
});

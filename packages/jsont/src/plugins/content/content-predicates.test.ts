import { describe, expect, it } from 'vitest';
import { scopeOver } from './case-files.js';
import { contentPredicates, hasVisibleExcerpt, isSameUtcDay } from './content-predicates.js';
import { galleryPredicates } from './gallery-predicates.js';
import { recordTypePredicates } from './record-type-predicates.js';

const test = (table: typeof contentPredicates, name: string, current: unknown, args: string[] = []) =>
  table[name](args, scopeOver(current));

describe('content predicates', () => {
  it('treats an excerpt of tags and non-breaking spaces as empty', () => {
    expect(hasVisibleExcerpt({ excerpt: { html: '<p>&nbsp;</p>' } })).toBe(true);
    expect(hasVisibleExcerpt({ excerpt: { html: '<p>\u00a0 \u200b</p>' } })).toBe(false);
  });

  it('compares event days in UTC', () => {
    expect(isSameUtcDay(Date.UTC(2024, 0, 1, 0, 0), Date.UTC(2024, 0, 1, 23, 59))).toBe(true);
    expect(isSameUtcDay(Date.UTC(2024, 0, 1, 23, 59), Date.UTC(2024, 0, 2, 0, 0))).toBe(false);
    expect(isSameUtcDay(Number.NaN, 0)).toBe(false);
  });

  it('R4.9.1 R4.9.2 R4.9.3 a folder item is clickable when missing, index or redirect', () => {
    expect(test(contentPredicates, 'clickable', { folderBehavior: 3 })).toBe(false);
    expect(test(contentPredicates, 'clickable', { folderBehavior: 2 })).toBe(true);
    expect(test(contentPredicates, 'clickable', {})).toBe(true);
    expect(test(contentPredicates, 'clickable', { folderBehavior: 1 })).toBe(true);
  });

  it('R3.21.1 R3.21.7 a promoted video block counts as a video record', () => {
    expect(test(recordTypePredicates, 'video', { promotedBlockType: 'video' })).toBe(true);
    expect(test(recordTypePredicates, 'event', { recordType: 12 })).toBe(true);
    expect(test(recordTypePredicates, 'event', { recordType: '12x' })).toBe(false);
  });

  it('checks a slide type by name and rejects unknown names', () => {
    expect(test(recordTypePredicates, 'current-type', { currentType: 19 }, ['twitter'])).toBe(true);
    expect(test(recordTypePredicates, 'current-type', { currentType: 19 }, ['nope'])).toBe(false);
  });

  it('R3.22.1 reads gallery settings from options', () => {
    expect(test(galleryPredicates, 'gallery-design-slider', { options: { design: 'slider' } })).toBe(true);
    expect(test(galleryPredicates, 'gallery-autoplay', { options: { autoplay: false } })).toBe(false);
  });
});

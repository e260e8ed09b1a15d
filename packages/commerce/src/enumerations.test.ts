import { describe, expect, it } from 'vitest';
import {
  BackgroundSource,
  BlockType,
  CollectionType,
  FolderBehavior,
  GALLERY_LIMITS,
  gallerySetting,
  PageType,
  PROMOTED_BLOCK_TYPES,
  RecordType,
  SliceType,
  UserRole,
} from './enumerations.js';

describe('enumerations', () => {
  it('R2.3.1 page-type codes are exactly the spec table', () => {
    expect(Object.values(PageType)).toEqual([
      1, 2, 3, 50, 100, 101, 102, 103, 104, 105, 106, 107, 200, 201, 202, 203, 204, 205, 206, 207, 208, 209,
      210, 211, 300, 301, 400,
    ]);
    expect(PageType.MEMBER_AREA_ACCESS_DENIED).toBe(106);
  });

  it('R3.21.1 R3.21.2 R3.21.3 R3.21.4 R3.21.6 R3.21.7 R3.21.8 code tables', () => {
    expect(RecordType.STORE_ITEM).toBe(11);
    expect(RecordType.COURSE_ITEM).toBe(63);
    expect(CollectionType.PRODUCTS).toBe(13);
    expect(FolderBehavior).toEqual({ INDEX: 1, REDIRECT: 2, NONE: 3, VARIATION: 4 });
    expect(BackgroundSource.UNDEFINED).toBe(-1);
    expect(BlockType.PRODUCT).toBe(43);
    expect(BlockType.WEBSITE_COMPONENT).toBe(1337);
    expect(PROMOTED_BLOCK_TYPES).toHaveLength(11);
    expect(UserRole.VIEWER).toBe(10);
    expect(Object.values(UserRole)).not.toContain(5);
  });

  it('R3.21.5 slice types: heading 1, body 3, image 4, gallery 5, video 6, twitter 19', () => {
    expect(SliceType).toEqual({ HEADING: 1, BODY: 3, IMAGE: 4, GALLERY: 5, VIDEO: 6, TWITTER: 19 });
  });

  it('R9.4.4 R9.4.5 R9.4.6 R9.4.7 R9.4.8 R9.4.9 gallery settings keep their bounds and defaults', () => {
    expect(GALLERY_LIMITS.autoplayDurationS).toEqual({ min: 1, max: 10, default: 5 });
    expect(gallerySetting('autoplayDurationS', 30)).toBe(10);
    expect(gallerySetting('thumbnailStripHeight', 'x')).toBe(80);
    expect(gallerySetting('thumbnailStripMargin', -5)).toBe(0);
    expect(gallerySetting('thumbnailsPerRow', undefined)).toBe(4);
    expect(gallerySetting('padding', 60)).toBe(50);
    expect(gallerySetting('maxWidth', 50)).toBe(100);
  });
});

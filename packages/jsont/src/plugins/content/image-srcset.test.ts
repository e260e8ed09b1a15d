import { describe, expect, it } from 'vitest';
import { scopeOver } from './case-files.js';
import { resizedSide, srcsetAttribute, thumbnailForWidth } from './image-srcset.js';

describe('image sizes', () => {
  it('R9.5.3 adds the original file as the next width step above the largest variant', () => {
    expect(srcsetAttribute('/a.jpg', '100w,300w')).toBe(
      ' srcset="/a.jpg?format=100w 100w,/a.jpg?format=300w 300w,/a.jpg?format=original 500w"',
    );
    expect(srcsetAttribute('/a.jpg', '2500w')).toBe(' srcset="/a.jpg?format=2500w 2500w"');
  });

  it('ignores non-width variants and prints nothing without any', () => {
    expect(srcsetAttribute('/a.jpg', '1500x983')).toBe('');
  });

  it('scales one side of WxH and reports a missing original size', () => {
    expect(resizedSide('300x200', 'width', 150)).toBe(100);
    expect(resizedSide('300x200', 'height', 100)).toBe(150);
    expect(resizedSide('nonsense', 'height', 100)).toBe("Invalid source parameter. Pass in 'originalSize'");
  });

  it('R9.5.4 picks the smallest width step that covers the requested width', () => {
    const scope = scopeOver({});
    expect(thumbnailForWidth('', ['300'], scope, [])).toBe('300w');
    expect(thumbnailForWidth('', ['301'], scope, [])).toBe('500w');
  });
});

import { describe, expect, it } from 'vitest';
import {
  IMAGE_WIDTHS,
  imageSrcset,
  imageTemplateProblems,
  imageWidthFor,
  MISSING_ORIGINAL_SIZE,
  parseOriginalSize,
} from './images.js';

describe('image sizes', () => {
  it('R9.5.3 width steps 100w to 2500w', () => {
    expect(IMAGE_WIDTHS).toEqual([100, 300, 500, 750, 1000, 1500, 2500]);
    expect(imageSrcset('https://cdn/x.jpg', 600)).toBe(
      'https://cdn/x.jpg?format=100w 100w, https://cdn/x.jpg?format=300w 300w, https://cdn/x.jpg?format=500w 500w',
    );
  });

  it('R9.5.4 thumbnail thresholds 100, 300, 500, 750, 1000 and above', () => {
    expect([50, 100, 101, 400, 700, 1000, 1200, 2000].map(imageWidthFor)).toEqual([
      100, 100, 300, 500, 750, 1000, 1500, 2500,
    ]);
  });

  it('R5.10.7 originalSize is required', () => {
    expect(parseOriginalSize('1500x1000')).toEqual({ width: 1500, height: 1000 });
    expect(parseOriginalSize(undefined)).toBeNull();
    expect(MISSING_ORIGINAL_SIZE).toBe("Invalid source parameter. Pass in 'originalSize'");
  });

  it('R5.10.1 R5.10.2 R5.10.3 R5.10.4 R5.10.5 R5.10.6 image template parameters', () => {
    expect(imageTemplateProblems({ width: 10, height: 10, sizes: '100vw', src: 'a.jpg' })).toEqual([]);
    expect(imageTemplateProblems({ width: 0, height: 1.5, sizes: '', src: '' })).toEqual([
      'width must be a positive integer',
      'height must be a positive integer',
      'sizes is required',
      'src is required',
    ]);
    expect(imageTemplateProblems({ width: 1, height: 1, sizes: 'x', provider: 'youtube' })).toEqual([
      'videoId is required for youtube',
    ]);
    expect(
      imageTemplateProblems({ width: 1, height: 1, sizes: 'x', provider: 'vimeo', src: 'v', format: 'webp' }),
    ).toEqual([]);
    expect(imageTemplateProblems({ width: 1, height: 1, sizes: 'x', src: 'a', format: 'jpg' })).toEqual([
      'format must be jpg or webp, for vimeo and youtube only',
    ]);
  });
});

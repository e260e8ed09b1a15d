// Gallery block settings as predicates (`.gallery-design-grid?`, `.gallery-autoplay?`, ...), read
// from the `options` object of the gallery in scope.

import { GALLERY_ACTIVE_ALIGNMENTS, GALLERY_DESIGNS, GALLERY_META_POSITIONS } from '@baukasten/commerce';
import type { Predicate, RenderScope } from '../../plugin-api.js';
import { asText, field, isTruthy } from './template-values.js';

const GALLERY_SWITCHES = [
  'autoplay',
  'auto-crop',
  'controls',
  'lightbox',
  'square-thumbs',
  'show-meta',
  'show-meta-on-hover',
  'thumbnails',
];

const option = (scope: RenderScope, name: string) => field(scope.resolve('options'), name);

function buildGalleryPredicates(): Record<string, Predicate> {
  const table: Record<string, Predicate> = {
    'gallery-meta': (_args, scope) =>
      isTruthy(option(scope, 'controls')) || isTruthy(option(scope, 'indicators')),
  };
  const choices: [string, readonly string[]][] = [
    ['design', GALLERY_DESIGNS],
    ['meta-position', GALLERY_META_POSITIONS],
    ['active-alignment', GALLERY_ACTIVE_ALIGNMENTS],
  ];
  for (const [setting, values] of choices) {
    for (const value of values) {
      table[`gallery-${setting}-${value}`] = (_args, scope) => {
        const chosen = option(scope, setting);
        return chosen !== undefined && asText(chosen) === value;
      };
    }
  }
  for (const name of GALLERY_SWITCHES) {
    table[`gallery-${name}`] = (_args, scope) => isTruthy(option(scope, name));
  }
  return table;
}

export const galleryPredicates = buildGalleryPredicates();

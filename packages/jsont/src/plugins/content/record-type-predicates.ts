// One predicate per record type (`.event?`, `.store-item?`, ...), per promoted block type
// (`.promotedVIDEO?`), per page background source and per slide type (`.current-type? gallery`).

import { BackgroundSource, PROMOTED_BLOCK_TYPES, RecordType } from '@baukasten/commerce';
import type { Predicate } from '../../plugin-api.js';
import { asNumber, asText, field } from './template-values.js';

/**
 * Template names of record types. The spec shows only part of the list; the rest are the codes
 * existing templates test for (binary files, exports, check-ins, ...).
 */
export const RECORD_TYPE_NAMES: Record<string, number> = {
  undefined: -1,
  text: RecordType.TEXT,
  image: RecordType.IMAGE,
  quote: RecordType.QUOTE,
  link: RecordType.LINK,
  audio: RecordType.AUDIO,
  video: RecordType.VIDEO,
  'store-item': RecordType.STORE_ITEM,
  event: RecordType.EVENT,
  gallery: RecordType.GALLERY,
  binary: 15,
  'css-asset': 16,
  'tweak-asset': 17,
  'digital-good': RecordType.DIGITAL_GOOD,
  attachment: 19,
  'wordpress-export': 20,
  'json-export': 21,
  'site-search': 30,
  'active-time': 31,
  tweet: 50,
  checkin: 52,
  kbarticle: 54,
};

/** These record types also match an item promoted as the block of the same name. */
const PROMOTED_RECORD_TYPES = new Set(['video', 'image', 'quote', 'link', 'gallery']);

export const SLIDE_TYPE_NAMES: Record<string, number> = {
  undefined: -1,
  heading: 1,
  body: 3,
  image: 4,
  gallery: 5,
  video: 6,
  'social-icons': 7,
  buttons: 8,
  navigation: 9,
  'custom-form': 10,
  newsletter: 11,
  album: 12,
  map: 13,
  logo: 14,
  action: 15,
  form: 16,
  lock: 17,
  password: 18,
  twitter: 19,
};

const recordTypeOf = (value: unknown) => asNumber(field(value, 'recordType'));
const promotedTypeOf = (value: unknown) => asText(field(value, 'promotedBlockType'));

function buildRecordTypePredicates(): Record<string, Predicate> {
  const table: Record<string, Predicate> = {};
  for (const [name, code] of Object.entries(RECORD_TYPE_NAMES)) {
    table[`${name}`] = PROMOTED_RECORD_TYPES.has(name)
      ? (_args, scope) => recordTypeOf(scope.current) === code || promotedTypeOf(scope.current) === name
      : (_args, scope) => recordTypeOf(scope.current) === code;
  }
  table['external-video'] = table.video;
  for (const type of PROMOTED_BLOCK_TYPES) {
    table[`promoted${type.toUpperCase()}`] = (_args, scope) => promotedTypeOf(scope.current) === type;
  }
  for (const [key, code] of Object.entries(BackgroundSource)) {
    table[`background-source-${key.toLowerCase()}`] = (_args, scope) =>
      asNumber(field(scope.current, 'backgroundSource')) === code;
  }
  table['current-type'] = (args, scope) => {
    const expected = SLIDE_TYPE_NAMES[args[0] ?? ''];
    return expected !== undefined && Math.trunc(asNumber(field(scope.current, 'currentType'))) === expected;
  };
  return table;
}

export const recordTypePredicates = buildRecordTypePredicates();

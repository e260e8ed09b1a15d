// Predicates about content items and collections: images, excerpts, folders, links, locations
// and event lists. They read the current section's value (`@`).

import { CollectionType, FolderBehavior, isFolderItemClickable } from '@baukasten/commerce';
import type { Predicate } from '../../plugin-api.js';
import { textWithoutTags } from './image-meta.js';
import { asNumber, asText, field, isObject, isTruthy, path } from './template-values.js';

const hasImage = (item: unknown) =>
  isTruthy(field(item, 'mainImageId')) || isTruthy(field(item, 'systemDataId'));

/** The excerpt shows only when it has visible text once tags and (non-breaking) spaces are gone. */
export function hasVisibleExcerpt(item: unknown): boolean {
  const excerpt = field(item, 'excerpt');
  const html = field(excerpt, 'html');
  const source = typeof html === 'string' ? html : typeof excerpt === 'string' ? excerpt : '';
  return textWithoutTags(source).replace(/[\s\u200b\u00a0]+/g, '').length > 0;
}

/** Whole UTC calendar days, as the event list groups them. */
export function isSameUtcDay(start: number, end: number): boolean {
  if (!Number.isFinite(start) || !Number.isFinite(end)) return false;
  return new Date(start).toISOString().slice(0, 10) === new Date(end).toISOString().slice(0, 10);
}

const collectionTypeIs = (type: unknown, code: number) => type !== undefined && asNumber(type) === code;

export const contentPredicates: Record<string, Predicate> = {
  'main-image': (_args, scope) => hasImage(scope.current),
  'child-images': (_args, scope) => {
    const items = field(scope.current, 'items');
    return Array.isArray(items) && items.length > 0 && hasImage(items[0]);
  },
  excerpt: (_args, scope) => hasVisibleExcerpt(scope.current),
  'external-link': (_args, scope) => isTruthy(field(scope.current, 'externalLink')),
  passthrough: (_args, scope) =>
    isTruthy(field(scope.current, 'passthrough')) && asText(field(scope.current, 'sourceUrl')) !== '',
  location: (_args, scope) => {
    const location = field(scope.current, 'location');
    return field(location, 'mapLat') !== undefined && field(location, 'mapLng') !== undefined;
  },
  'calendar-view': (_args, scope) => scope.resolve('calendarView') === true,
  'show-past-events': (_args, scope) => asText(field(scope.current, 'showPastOrUpcomingEvents')) === 'past',
  'same-day': (_args, scope) =>
    isSameUtcDay(asNumber(field(scope.current, 'startDate')), asNumber(field(scope.current, 'endDate'))),
  'has-multiple': (_args, scope) => {
    const value = scope.current;
    if (Array.isArray(value)) return value.length > 1;
    return isObject(value) && Object.keys(value).length > 1;
  },
  serviceNameEmail: (_args, scope) => asText(field(scope.current, 'serviceName')) === 'email',

  collection: (_args, scope) => isTruthy(field(scope.current, 'collection')),
  'collection-page': (_args, scope) =>
    collectionTypeIs(path(scope.current, 'collection', 'type'), CollectionType.PAGE),
  'collection-template-page': (_args, scope) => {
    const collection = field(scope.current, 'collection');
    const type = collection === undefined ? field(scope.current, 'type') : field(collection, 'type');
    return collectionTypeIs(type, CollectionType.TEMPLATE_PAGE);
  },
  collectionTypeNameEquals: (args, scope) => args.length > 0 && asText(scope.resolve('typeName')) === args[0],
  folder: (_args, scope) => isTruthy(path(scope.current, 'collection', 'folder')),
  index: (_args, scope) => {
    const collection = field(scope.current, 'collection');
    const behavior = field(collection, 'folderBehavior');
    return (
      isObject(collection) &&
      isTruthy(field(collection, 'folder')) &&
      typeof behavior === 'number' &&
      behavior === FolderBehavior.INDEX
    );
  },
  clickable: (_args, scope) => {
    const behavior = scope.resolve('folderBehavior');
    return isFolderItemClickable(behavior === undefined ? undefined : asNumber(behavior));
  },
  redirect: (_args, scope) => asNumber(field(scope.current, 'folderBehavior')) === FolderBehavior.REDIRECT,
};

import { StorageError, storageMessages } from './storage-error.js';

const URL_ID = /^[a-z0-9](?:[a-z0-9._-]{0,198}[a-z0-9])?$/;

/** Paths the server owns; a page there could never be reached. */
const RESERVED = new Set([
  'api',
  'assets',
  'config',
  'checkout',
  'cart',
  'commerce',
  'healthz',
  'account',
  's',
]);

/** Collection URL ids: '' is the home page; otherwise a lower-case slug outside the server's own paths. */
export function checkCollectionUrlId(urlId: string): string {
  const u = String(urlId ?? '').trim();
  if (u === '') return u;
  if (!URL_ID.test(u)) throw new StorageError('INVALID_INPUT', storageMessages.urlIdInvalid(u));
  if (RESERVED.has(u)) throw new StorageError('INVALID_INPUT', storageMessages.urlIdReserved(u));
  return u;
}

export function checkItemUrlId(urlId: string): string {
  const u = String(urlId ?? '').trim();
  if (!URL_ID.test(u)) throw new StorageError('INVALID_INPUT', storageMessages.urlIdInvalid(u));
  return u;
}

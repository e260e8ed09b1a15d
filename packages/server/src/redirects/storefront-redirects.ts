import type { Storage, Website } from '@baukasten/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { normalizedPath, redirectLocation } from './redirect-rules.js';

/*
 * Redirects are looked up only where the site would otherwise answer 404 (app.ts's not-found handler): an
 * existing page always wins, and a found page costs no extra query.
 */

/** The website setting that holds the owner's 404 page (editor "Weiterleitungen", README). */
export const NOT_FOUND_PAGE_SETTING = 'notFoundPage';

export interface NotFoundPageSetting {
  title?: string;
  text?: string;
}

/** The owner's heading and text for the 404 page; undefined parts keep the theme's German defaults. */
export function ownNotFoundPage(website: Website | undefined): { heading?: string; message?: string } {
  const page = website?.settings[NOT_FOUND_PAGE_SETTING] as NotFoundPageSetting | undefined;
  return {
    ...(page?.title ? { heading: page.title } : {}),
    ...(page?.text ? { message: page.text } : {}),
  };
}

/** Sends the 301/302 of a matching redirect; false when none matches (the caller answers 404). */
export async function sendStorefrontRedirect(
  storage: Storage,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const website = request.website;
  if (!website || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
  const url = request.url;
  const at = url.indexOf('?');
  const pathname = at < 0 ? url : url.slice(0, at);
  const query = at < 0 ? '' : url.slice(at + 1);
  const path = normalizedPath(pathname);
  const match = await storage.redirects.match(website.id, path);
  if (!match) return false;
  // Matching ignores case; what `*` carries over keeps the visitor's spelling.
  const asTyped = normalizedPath(pathname, true);
  if (match.rest && asTyped.length === path.length)
    match.rest = asTyped.slice(path.length - match.rest.length);
  reply.code(match.redirect.status).header('location', redirectLocation(match, query)).send();
  return true;
}

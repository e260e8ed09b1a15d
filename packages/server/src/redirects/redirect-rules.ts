import type { NewRedirect, Redirect, RedirectMatch } from '@baukasten/storage';
import { redirectCandidates } from '@baukasten/storage';
import { redirectMessages as m } from './redirect-messages.js';

/*
 * The owner's redirect syntax, deliberately small (README "Weiterleitungen"):
 * - From: a path on this site, `/alt/seite`, or a pattern ending in `/*`, `/alt/*`, which matches `/alt`
 *   and everything below it. No other wildcards, no regular expressions: matching is a look-up of the
 *   request's prefixes (redirect-repository.ts), so no entry can make it slow (ReDoS).
 * - To: a path on this site or an absolute http(s) address. With a pattern, a `*` at its end receives what
 *   the pattern's `*` matched: `/alt/*` → `/neu/*` sends `/alt/a/b` to `/neu/a/b`.
 * - Case and a trailing slash do not matter; the request's query string is kept unless the target has one.
 */

export class RedirectRuleError extends Error {
  constructor(
    readonly field: 'fromPath' | 'toTarget',
    message: string,
  ) {
    super(message);
  }
}

const MAX_LENGTH = 500;
// Characters a path may carry as typed; anything else (spaces, quotes, control characters) is refused.
const PATH_CHARACTERS = /^\/[A-Za-z0-9\-._~!$&'()+,;=:@%/*\u00C0-\uFFFF]*$/;

/** A path as requests are matched: percent-encoded, lower case, no trailing slash (except `/`). */
export function normalizedPath(pathname: string, keepCase = false): string {
  let path = (keepCase ? pathname : pathname.toLowerCase()).replace(/\/{2,}/g, '/');
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path;
}

/** Percent-encodes what the owner typed (ä → %c3%a4), as the browser sends it. */
function encodedPath(text: string): string {
  return encodeURI(decodeURISafe(text));
}

function decodeURISafe(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

function checkedPath(text: string, field: 'fromPath' | 'toTarget'): { path: string; pattern: boolean } {
  const fail = (message: string): never => {
    throw new RedirectRuleError(field, message);
  };
  if (!text.startsWith('/')) fail(field === 'fromPath' ? m.fromNotPath : m.targetInvalid);
  if (text.length > MAX_LENGTH) fail(m.tooLong);
  if (!PATH_CHARACTERS.test(text)) fail(m.pathCharacters);
  const pattern = text === '/*' || text.endsWith('/*');
  if (text.slice(0, pattern ? -1 : undefined).includes('*')) fail(m.starOnlyAtEnd);
  const body = pattern ? text.slice(0, -2) || '/' : text;
  const path = normalizedPath(encodedPath(body));
  return { path: pattern ? (path === '/' ? '/*' : `${path}/*`) : path, pattern };
}

export interface RedirectInput {
  fromPath: string;
  toTarget: string;
  status: 301 | 302;
}

/**
 * The owner's entry as it is stored, or RedirectRuleError with a German message for the field: a from that
 * is no path, a target that is neither a path nor an http(s) address, a `*` in the wrong place.
 */
export function parseRedirect(input: RedirectInput): NewRedirect {
  const from = checkedPath(input.fromPath.trim(), 'fromPath');
  const rawTarget = input.toTarget.trim();
  let toTarget: string;
  let targetPattern: boolean;
  if (rawTarget.startsWith('/') && !rawTarget.startsWith('//')) {
    const [pathPart, query] = splitQuery(rawTarget);
    const target = checkedPath(pathPart, 'toTarget');
    toTarget = target.path + (query ? `?${query}` : '');
    targetPattern = target.pattern;
    if (query?.includes('*')) throw new RedirectRuleError('toTarget', m.starOnlyAtEnd);
  } else {
    let url: URL;
    try {
      url = new URL(rawTarget);
    } catch {
      throw new RedirectRuleError('toTarget', m.targetInvalid);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new RedirectRuleError('toTarget', m.targetInvalid);
    if (url.username || url.password) throw new RedirectRuleError('toTarget', m.targetCredentials);
    if (rawTarget.length > MAX_LENGTH) throw new RedirectRuleError('toTarget', m.tooLong);
    targetPattern = url.pathname.endsWith('/*') && !url.search && !url.hash;
    if (url.href.replace(/\/\*$/, '').includes('*')) throw new RedirectRuleError('toTarget', m.starOnlyAtEnd);
    toTarget = url.href;
  }
  if (targetPattern && !from.pattern) throw new RedirectRuleError('toTarget', m.starWithoutPattern);
  return { fromPath: from.path, toTarget, status: input.status };
}

function splitQuery(text: string): [string, string | undefined] {
  const at = text.indexOf('?');
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/** Where a matched redirect sends the request: the target with `*` filled in, the query kept. */
export function redirectLocation(match: RedirectMatch, query: string): string {
  const { toTarget } = match.redirect;
  let location = toTarget;
  if (toTarget.endsWith('/*')) {
    const base = toTarget.slice(0, -2);
    location = match.rest ? `${base}/${match.rest}` : base || '/';
  }
  if (query && !location.includes('?')) location += `?${query}`;
  return location;
}

/**
 * Refuses an entry that would send visitors in a circle: followed from a sample path below its from, the
 * chain of this site's relative redirects must end within 10 hops without coming back.
 */
export function loopIn(entries: Pick<Redirect, 'fromPath' | 'toTarget'>[], added: NewRedirect): boolean {
  const table = new Map(entries.map((e) => [e.fromPath, e]));
  table.set(added.fromPath, added);
  const matchIn = (path: string): RedirectMatch | undefined => {
    for (const candidate of redirectCandidates(path)) {
      const entry = table.get(candidate.fromPath);
      if (entry)
        return {
          redirect: { ...entry, id: '', status: 301, automatic: false, createdAt: 0, updatedAt: 0 },
          rest: candidate.rest,
        };
    }
    return undefined;
  };
  let path = added.fromPath.endsWith('/*') ? `${added.fromPath.slice(0, -2)}/beispiel` : added.fromPath;
  const seen = new Set<string>();
  for (let hop = 0; hop < 10; hop++) {
    if (seen.has(path)) return true;
    seen.add(path);
    const match = matchIn(path);
    if (!match) return false;
    const next = redirectLocation(match, '');
    if (!next.startsWith('/')) return false;
    path = normalizedPath(splitQuery(next)[0]);
  }
  return true;
}

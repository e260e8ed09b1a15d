import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isLocalhostName, isPrivateAddress } from '../outbound-address-guard.js';
import { importMessages as m } from './import-messages.js';

export { isPrivateAddress };

/*
 * Fetching an image from a URL an uploaded file names, without letting that file reach into our own
 * network (SSRF): the host name is resolved first and every address checked; the connection then goes
 * to the checked address (a custom lookup), so a DNS answer that changes between check and connect
 * (rebinding) cannot slip through. The ranges refused (loopback, private, link-local, ...) are the outbound
 * address guard's (outbound-address-guard.ts), unless `allowPrivateHosts` (tests serving images from
 * 127.0.0.1) says so.
 * Redirects are followed by hand (each target checked the same way), at most 3. The body is counted
 * while it arrives and dropped beyond `maxBytes`; only image/* answers are taken; the whole fetch has
 * one deadline.
 */

export interface ImageFetchOptions {
  allowPrivateHosts: boolean;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
}

export class ImageFetchError extends Error {
  constructor(
    message: string,
    /** Worth another try later (timeouts, 5xx, network); false for answers that will not change. */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export interface FetchedImage {
  data: Buffer;
  contentType: string;
  /** The address the bytes came from after redirects. */
  url: string;
}

export async function fetchImage(url: string, options: ImageFetchOptions): Promise<FetchedImage> {
  const deadline = Date.now() + options.timeoutMs;
  let current = url;
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop++) {
    const answer = await requestOnce(current, options, deadline);
    if ('redirect' in answer) {
      current = answer.redirect;
      continue;
    }
    return { ...answer, url: current };
  }
  throw new ImageFetchError(m.imageTooManyRedirects, false);
}

function requestOnce(
  url: string,
  options: ImageFetchOptions,
  deadline: number,
): Promise<{ data: Buffer; contentType: string } | { redirect: string }> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.reject(new ImageFetchError(m.imageUnreachable, false));
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    return Promise.reject(new ImageFetchError(m.imageNotAnImage, false));
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // Literal addresses never reach the lookup.
  if (isIP(host) && !options.allowPrivateHosts && isPrivateAddress(host))
    return Promise.reject(new ImageFetchError(m.imageHostRefused, false));
  if (!options.allowPrivateHosts && isLocalhostName(host))
    return Promise.reject(new ImageFetchError(m.imageHostRefused, false));

  return new Promise((settle, fail) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return fail(new ImageFetchError(m.imageTimeout, true));
    // One deadline for connect, redirects and body alike (a slow trickle must not hold the worker).
    const timer = setTimeout(() => {
      request.destroy();
      fail(new ImageFetchError(m.imageTimeout, true));
    }, remaining);
    const resolve = (value: { data: Buffer; contentType: string } | { redirect: string }) => {
      clearTimeout(timer);
      settle(value);
    };
    const reject = (error: ImageFetchError) => {
      clearTimeout(timer);
      fail(error);
    };
    const client = target.protocol === 'https:' ? https : http;
    const request = client.get(
      target,
      {
        lookup: guardedLookup(options.allowPrivateHosts) as never,
        headers: { accept: 'image/*', 'user-agent': 'Baukasten-Produktimport/1.0' },
        // No shared agent: every request resolves (and checks) its host anew.
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if ([301, 302, 303, 307, 308].includes(status) && response.headers.location) {
          response.resume();
          try {
            return resolve({ redirect: new URL(response.headers.location, target).toString() });
          } catch {
            return reject(new ImageFetchError(m.imageUnreachable, false));
          }
        }
        if (status < 200 || status >= 300) {
          response.resume();
          return reject(new ImageFetchError(m.imageNotFound(status), status >= 500 || status === 429));
        }
        const contentType = String(response.headers['content-type'] ?? '')
          .split(';')[0]
          .trim()
          .toLowerCase();
        if (!contentType.startsWith('image/')) {
          response.destroy();
          return reject(new ImageFetchError(m.imageNotAnImage, false));
        }
        const declared = Number(response.headers['content-length'] ?? Number.NaN);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          response.destroy();
          return reject(new ImageFetchError(m.imageTooLarge, false));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            reject(new ImageFetchError(m.imageTooLarge, false));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ data: Buffer.concat(chunks), contentType }));
        response.on('error', () => reject(new ImageFetchError(m.imageUnreachable, true)));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EREFUSEDHOST') reject(new ImageFetchError(m.imageHostRefused, false));
      else reject(new ImageFetchError(m.imageUnreachable, true));
    });
  });
}

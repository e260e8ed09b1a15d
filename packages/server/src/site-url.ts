import type { Website } from '@baukasten/storage';
import type { FastifyRequest } from 'fastify';

/*
 * Absolute addresses (mail links, canonical, og:url, JSON-LD, sitemap, robots.txt, feeds, invitations,
 * preview frames) are built from configuration, never from the request (security review #18, finding 3):
 * a Host or X-Forwarded-* header chooses which website answers, but not where its links point. A
 * website's address is its primary hostname: the verified own domain its owner chose as primary (storage
 * `primaryHostname`), else the first it was registered with (`<subdomain>.<BASE_DOMAIN>` for sites made in
 * the editor, the first of DEMO_HOSTNAMES for the demo) with the configured scheme and
 * port (PUBLIC_URL_SCHEME, PUBLIC_PORT in config.ts).
 */

export interface PublicUrl {
  scheme: 'http' | 'https';
  /** The port written into links; none when unset or the scheme's default (80, 443). */
  port?: number;
}

/** What buildApp assumes without configuration: plain http on the default port (tests, one-off tools). */
export const DEFAULT_PUBLIC_URL: PublicUrl = { scheme: 'http' };

declare module 'fastify' {
  interface FastifyInstance {
    /** How this server's absolute links are written; decorated on the root instance by buildApp. */
    publicUrl: PublicUrl;
    /** The editor's own address (BASE_DOMAIN with the configured scheme and port). */
    editorBaseUrl: string;
  }
}

/** `scheme://host[:port]` of a hostname; an IPv6 address gets its brackets back. */
export function originOf(hostname: string, publicUrl: PublicUrl): string {
  const host = hostname.includes(':') ? `[${hostname}]` : hostname;
  const defaultPort = publicUrl.scheme === 'https' ? 443 : 80;
  const port = publicUrl.port && publicUrl.port !== defaultPort ? `:${publicUrl.port}` : '';
  return `${publicUrl.scheme}://${host}${port}`;
}

/**
 * The absolute origin of a website, from its primary hostname and the configured scheme and port. A
 * website always has a hostname (storage refuses one without); should one ever lack it, links stay
 * relative ('') rather than point anywhere else.
 */
export function siteBaseUrl(
  website: Pick<Website, 'hostnames' | 'primaryHostname'>,
  publicUrl: PublicUrl,
): string {
  // The verified own domain the owner chose as primary, when there is one (domains/own-domains.ts).
  const primary = website.primaryHostname ?? website.hostnames[0];
  return primary ? originOf(primary, publicUrl) : '';
}

/** The server's configured link settings, seen from any route context. */
export function publicUrlOf(request: FastifyRequest): PublicUrl {
  return request.server.publicUrl ?? DEFAULT_PUBLIC_URL;
}

/** The absolute origin of the request's website (not of its Host header); '' on a host without one. */
export function siteOrigin(request: FastifyRequest): string {
  return request.website ? siteBaseUrl(request.website, publicUrlOf(request)) : '';
}

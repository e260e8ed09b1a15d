import type { Storage, Website } from '@baukasten/storage';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { originOf, type PublicUrl } from '../site-url.js';
import { normalizeDomain } from './domain-verification.js';

/*
 * What own domains change for requests: Caddy's on-demand TLS asks before it gets a certificate, and a
 * verified domain that is not the site's primary answers with a 301 to the primary.
 */

export interface TlsAskOptions {
  baseDomain: string;
}

/**
 * `GET /internal/tls-ask?domain=…`, Caddy's `on_demand_tls { ask … }`: 200 when the domain is a hostname of
 * a website (a verified own domain or one of the platform's subdomains and demo hosts) or BASE_DOMAIN
 * itself, else 404, so nobody can make Caddy fetch certificates for names we do not serve (the CA's rate
 * limits are per account). Only for callers on this machine: the connection must come from a loopback
 * address and carry no X-Forwarded-For/Forwarded header (a request passed through Caddy's reverse_proxy has
 * one); everyone else gets the same 404 as an unknown domain.
 */
export function registerTlsAsk(app: FastifyInstance, storage: Storage, options: TlsAskOptions) {
  app.get('/internal/tls-ask', async (request, reply) => {
    if (!fromThisMachine(request)) return reply.code(404).send();
    const raw = (request.query as { domain?: unknown }).domain;
    const domain = typeof raw === 'string' ? normalizeDomain(raw) : undefined;
    const served =
      domain !== undefined &&
      (domain === options.baseDomain || (await storage.websites.findByHostname(domain)) !== undefined);
    return reply.code(served ? 200 : 404).send();
  });
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

function fromThisMachine(request: FastifyRequest): boolean {
  // The socket's address, not request.ip: with TRUST_PROXY that one comes from a header.
  const address = request.socket.remoteAddress ?? '';
  if (!LOOPBACK.test(address)) return false;
  return request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
}

/**
 * The 301 for a request to a verified own domain that is not the primary: same path and query on the
 * primary, with the configured scheme and port (never the request's). Only reading page requests move; a
 * form post is served where it arrived rather than lose its body.
 */
export function primaryDomainRedirect(
  request: FastifyRequest,
  website: Website | undefined,
  hostname: string,
  publicUrl: PublicUrl,
): string | undefined {
  if (!website?.redirectingHostnames?.includes(hostname)) return undefined;
  const primary = website.primaryHostname;
  if (!primary || primary === hostname) return undefined;
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  // APIs answer where they are asked: a client following a 301 might drop its key.
  if (request.url.startsWith('/api/')) return undefined;
  return `${originOf(primary, publicUrl)}${request.url}`;
}

import { isIPv6 } from 'node:net';

/*
 * The Host header, parsed strictly (security review #18, finding 3): a hostname and an optional numeric
 * port, nothing else. The old parser dropped whatever followed a colon, so `shop.localhost:@evil.example`
 * reached the shop while links built from the raw header pointed at evil.example. Links are no longer
 * built from the request at all (site-url.ts), and a header that is not exactly `host[:port]` is refused
 * with 400 before any route sees it (app.ts).
 */

export interface ParsedHost {
  /** Lower case, without a trailing dot; an IPv6 address without its brackets. */
  hostname: string;
  port?: number;
}

/** One DNS label: letters, digits and inner hyphens, 1 to 63 characters (RFC 1123). */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const PORT = /^[0-9]{1,5}$/;

function parsePort(text: string | undefined): number | undefined | null {
  if (text === undefined) return undefined;
  if (!PORT.test(text)) return null;
  const port = Number(text);
  return port >= 1 && port <= 65535 ? port : null;
}

/**
 * `host[:port]` as RFC 9110 allows it in Host: a DNS name (one trailing dot allowed), an IPv4 address, or
 * an IPv6 address in brackets; the port 1 to 65535. Returns undefined for anything else: userinfo (`@`),
 * spaces, several colons, an empty or too large port, non-ASCII, empty labels.
 */
export function parseHostHeader(host: string | undefined): ParsedHost | undefined {
  if (typeof host !== 'string' || host.length === 0 || host.length > 260) return undefined;
  const h = host.toLowerCase();
  let hostname: string;
  let portText: string | undefined;
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    if (end < 0) return undefined;
    hostname = h.slice(1, end);
    const rest = h.slice(end + 1);
    if (rest !== '') {
      if (!rest.startsWith(':')) return undefined;
      portText = rest.slice(1);
    }
    if (!isIPv6(hostname)) return undefined;
  } else {
    const parts = h.split(':');
    if (parts.length > 2) return undefined;
    hostname = parts[0]!;
    portText = parts[1];
    if (hostname.endsWith('.')) hostname = hostname.slice(0, -1);
    if (hostname.length === 0 || hostname.length > 253) return undefined;
    if (!hostname.split('.').every((label) => LABEL.test(label))) return undefined;
  }
  const port = parsePort(portText);
  if (port === null) return undefined;
  return port === undefined ? { hostname } : { hostname, port };
}

/**
 * The hostname a website is registered under, from a Host header: lower case, no port, no trailing
 * dot, IPv6 brackets removed. Undefined for a header that parseHostHeader refuses.
 */
export function hostnameFromHeader(host: string | undefined): string | undefined {
  if (host === undefined) return undefined;
  // Every request names its host, and a server hears the same few all day: each is checked once.
  const known = checkedHosts.get(host);
  if (known !== undefined) return known || undefined;
  const hostname = parseHostHeader(host)?.hostname;
  if (checkedHosts.size >= 1000) checkedHosts.clear();
  checkedHosts.set(host, hostname ?? '');
  return hostname;
}

/** Host header -> its hostname, '' for a refused header; bounded, since any client can send any header. */
const checkedHosts = new Map<string, string>();

/**
 * Turns a Host header into the hostname a website is registered under: lower case, no port,
 * no trailing dot, IPv6 brackets removed. Returns undefined for a header that is not a hostname.
 */
export function hostnameFromHeader(host: string | undefined): string | undefined {
  if (!host) return undefined;
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    if (end < 0) return undefined;
    h = h.slice(1, end);
  } else {
    const colon = h.lastIndexOf(':');
    if (colon >= 0 && h.indexOf(':') === colon) h = h.slice(0, colon);
  }
  if (h.endsWith('.')) h = h.slice(0, -1);
  if (h.length === 0 || h.length > 253 || !/^[a-z0-9.:-]+$/.test(h)) return undefined;
  return h;
}

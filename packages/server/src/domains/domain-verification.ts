import { randomBytes } from 'node:crypto';
import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';

/*
 * Proof that the owner controls a domain: a TXT record `_baukasten-verify.<domain>` holding the token the
 * editor shows. Looked up with node's resolver, pointed at DNS_RESOLVER when configured (tests run a local
 * DNS server), else the system's.
 */

export const VERIFY_LABEL = '_baukasten-verify';

export const verificationName = (domain: string) => `${VERIFY_LABEL}.${domain}`;

export const newVerificationToken = () => `baukasten-${randomBytes(16).toString('hex')}`;

export type TxtLookup =
  | { outcome: 'found'; values: string[] }
  | { outcome: 'none' }
  /** The resolver did not answer (timeout, refused): say so instead of "no record". */
  | { outcome: 'unavailable' };

export class DomainVerifier {
  readonly #resolver: dns.Resolver;

  /** `resolver`: `host:port` of the DNS server to ask (config DNS_RESOLVER); unset: the system's. */
  constructor(resolver?: string) {
    this.#resolver = new dns.Resolver({ timeout: 3000, tries: 2 });
    if (resolver) this.#resolver.setServers([resolver]);
  }

  async txt(name: string): Promise<TxtLookup> {
    try {
      // A long record comes in chunks of 255 characters; they belong together.
      const records = await this.#resolver.resolveTxt(name);
      return { outcome: 'found', values: records.map((chunks) => chunks.join('')) };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTFOUND' || code === 'ENODATA' || code === 'NXDOMAIN') return { outcome: 'none' };
      return { outcome: 'unavailable' };
    }
  }
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * What the owner typed as a plain lower-case domain (an umlaut domain as its xn-- form): `https://`, a path
 * and a trailing dot are forgiven. Undefined for anything that is not a domain of at least two labels with
 * an alphabetic top level (IP addresses, `localhost`, spaces).
 */
export function normalizeDomain(text: string): string | undefined {
  let input = String(text ?? '').trim();
  if (input.length === 0 || input.length > 300) return undefined;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(input)) {
    try {
      input = new URL(input).hostname;
    } catch {
      return undefined;
    }
  } else {
    input = input.split(/[/?#]/)[0]!;
  }
  if (input.endsWith('.')) input = input.slice(0, -1);
  const ascii = domainToASCII(input.toLowerCase());
  if (!ascii || ascii.length > 253 || isIP(ascii)) return undefined;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return undefined;
  if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]+)$/.test(labels.at(-1)!)) return undefined;
  return ascii;
}

/** Is `domain` the platform's own (BASE_DOMAIN, one of its subdomains, or a host the editor runs on)? */
export function isPlatformDomain(domain: string, baseDomain: string, editorHostnames: string[]): boolean {
  return (
    domain === baseDomain ||
    domain.endsWith(`.${baseDomain}`) ||
    editorHostnames.some((h) => domain === h || domain.endsWith(`.${h}`))
  );
}

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/*
 * The outbound address guard: every request the server makes to an address someone else chose (product
 * images of an import, webhook deliveries to an owner's URL) goes only to the public internet, never into
 * our own network (SSRF). Host names are resolved first and every address checked; the connection then
 * goes to the checked address (a custom lookup), so a DNS answer that changes between check and connect
 * (rebinding) cannot slip through. Loopback, private, link-local, carrier-grade NAT, ULA, multicast and
 * reserved ranges are refused unless the one test switch (config OUTBOUND_ALLOW_PRIVATE_HOSTS, only with
 * the server in test mode) allows them, for tests that serve from 127.0.0.1.
 */

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** True for addresses outside the public internet. IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as IPv4. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return blocked.check(mapped, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      if (addresses.length === 0) return callback(new Error('no address'), '');
      if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
        return callback(Object.assign(new Error('refused host'), { code: 'EREFUSEDHOST' }), '');
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** `localhost` and names under it resolve to loopback by convention (RFC 6761), whatever DNS says. */
export const isLocalhostName = (host: string) => /^localhost\.?$|\.localhost\.?$/i.test(host);

/**
 * Whether `url` (http or https) may be called: its host resolved now, every address public (or the test
 * switch on). For checks ahead of time (registering a webhook); the request itself uses guardedLookup,
 * which checks again at connect time.
 */
export async function outboundUrlRefusal(
  url: string,
  allowPrivate: boolean,
): Promise<'invalid' | 'private' | 'unresolvable' | undefined> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return 'invalid';
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return 'invalid';
  if (target.username || target.password) return 'invalid';
  if (allowPrivate) return undefined;
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPrivateAddress(host) ? 'private' : undefined;
  if (isLocalhostName(host)) return 'private';
  const addresses = await new Promise<LookupAddress[] | undefined>((resolve) =>
    dnsLookup(host, { all: true }, (error, found) => resolve(error ? undefined : found)),
  );
  if (!addresses || addresses.length === 0) return 'unresolvable';
  return addresses.some((a) => isPrivateAddress(a.address)) ? 'private' : undefined;
}

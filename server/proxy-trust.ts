import ipaddr from 'ipaddr.js';

/**
 * Which addresses are trusted reverse proxies (TRUST_PROXY): one rule for everything the server takes
 * from a proxy, the client's address in X-Forwarded-For and the request id in X-Request-Id.
 *
 * `hop` is an address's place in the chain: 0 is the peer that connected, 1 the address that peer
 * forwarded for, and so on. A hop count trusts the nearest `n` hops whatever their addresses; a list
 * trusts the addresses and CIDR ranges it names (an IPv4-mapped IPv6 address counts as its IPv4
 * address); off trusts none.
 */
export type ProxyTrust = (address: string, hop: number) => boolean;

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** One entry of a TRUST_PROXY list: an address (a range of one) or a CIDR range; undefined when it is neither. */
function parseRange(entry: string): Range | undefined {
  const written = entry.split('/')[0];
  // IPv4 in its four dotted numbers only: ipaddr.js also reads '10.0.0' (as 10.0.0.0), a likely typo.
  if (!written.includes(':') && !ipaddr.IPv4.isValidFourPartDecimal(written)) return undefined;
  try {
    const [address, bits] = entry.includes('/') ? ipaddr.parseCIDR(entry) : [ipaddr.parse(entry), -1];
    const range: Range = [address, bits < 0 ? (address.kind() === 'ipv4' ? 32 : 128) : bits];
    // An IPv4-mapped IPv6 range is the IPv4 range it maps, as a client's mapped address is its IPv4 one.
    if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && range[1] >= 96) {
      return [(address as ipaddr.IPv6).toIPv4Address(), range[1] - 96];
    }
    return range;
  } catch {
    return undefined;
  }
}

const entriesOf = (list: string) =>
  list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

/** The entries of a TRUST_PROXY list that are neither an address nor a CIDR range. */
export const invalidProxyEntries = (list: string): string[] => entriesOf(list).filter((entry) => parseRange(entry) === undefined);

/** The trust of a TRUST_PROXY setting (checked first by settings.ts: no invalid entries). */
export function proxyTrust(setting: boolean | number | string | undefined): ProxyTrust {
  if (setting === undefined || setting === false) return () => false;
  if (setting === true) return () => true;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  const ranges = entriesOf(setting)
    .map(parseRange)
    .filter((range): range is Range => range !== undefined);
  return (address) => {
    if (!ipaddr.isValid(address)) return false;
    const ip = ipaddr.process(address);
    return ranges.some(([range, bits]) => ip.kind() === range.kind() && ip.match(range, bits));
  };
}

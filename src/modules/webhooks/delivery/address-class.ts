// Which IP addresses a webhook may be delivered to (SSRF protection). Deny by default: an address is
// allowed only if it is public unicast (IPv4 outside every special-purpose range of RFC 6890 and its
// successors; IPv6 inside global unicast 2000::/3, RFC 4291 §2.4). Wrappers that carry an IPv4 address
// (IPv4-mapped, NAT64, 6to4) are judged by the IPv4 address they carry. ipaddr.js holds the ranges.
import ipaddr from 'ipaddr.js';

export type AddressVerdict =
  | { allowed: true }
  /** `what` completes "<address> is …"; `private` ranges are the ones WEBHOOK_ALLOW_PRIVATE_URLS opens. */
  | { allowed: false; what: string; private: boolean };

const ALLOWED: AddressVerdict = { allowed: true };
const refused = (what: string, isPrivate = false): AddressVerdict => ({ allowed: false, what, private: isPrivate });

// Cloud metadata and credential endpoints, refused even when private addresses are allowed: a development
// instance running in a cloud must not hand its instance credentials to whoever registers a webhook.
// (169.254.169.254: AWS, GCP, Azure, OCI, DigitalOcean; fd00:ec2::254 / fd00:ec2::23: AWS IMDS and EKS
// pod identity over IPv6; 100.100.100.200: Alibaba Cloud; 168.63.129.16: Azure WireServer, a public address.)
// The IPv4 link-local ones nearby (ECS 169.254.170.2, EKS 169.254.170.23) are refused as link-local anyway.
const METADATA = new Set(
  ['169.254.169.254', 'fd00:ec2::254', 'fd00:ec2::23', '100.100.100.200', '168.63.129.16'].map((address) =>
    ipaddr.parse(address).toNormalizedString(),
  ),
);

const V4_WHAT: Record<string, AddressVerdict> = {
  unicast: ALLOWED,
  loopback: refused('a loopback address', true),
  private: refused('a private address', true),
  carrierGradeNat: refused('a carrier-grade NAT address', true),
  unspecified: refused('an unspecified address'),
  linkLocal: refused('a link-local address'),
  broadcast: refused('a broadcast address'),
  multicast: refused('a multicast address'),
  // 192.0.0/24, documentation (192.0.2/24, 198.51.100/24, 203.0.113/24), benchmarking (198.18/15), 240/4
  reserved: refused('a reserved address'),
};

const V6_WHAT: Record<string, AddressVerdict> = {
  unicast: ALLOWED,
  loopback: refused('a loopback address', true),
  uniqueLocal: refused('a unique-local address', true),
  unspecified: refused('an unspecified address'),
  linkLocal: refused('a link-local address'),
  deprecatedSiteLocal: refused('a site-local address'),
  multicast: refused('a multicast address'),
  reserved: refused('a reserved address'),
  benchmarking: refused('a reserved address'),
  teredo: refused('a Teredo tunnel address'),
};

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96'); // RFC 6052; 64:ff9b:1::/48 is local-use: refused

/** The verdict on one address (any form ipaddr.js parses; throws on a string that is not an address). */
export function classifyAddress(address: string): AddressVerdict {
  const ip = ipaddr.parse(address);
  if (METADATA.has(ip.toNormalizedString())) return refused('a cloud metadata address');
  if (ip.kind() === 'ipv4') return V4_WHAT[ip.range()] ?? refused('a special-purpose address');
  const v6 = ip as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded) {
    const verdict = classifyAddress(embedded.toString());
    return verdict.allowed ? verdict : { ...verdict, what: `${verdict.what} (${embedded.toString()})` };
  }
  const verdict = V6_WHAT[v6.range()] ?? refused('a special-purpose address');
  // ipaddr.js calls anything it has no name for "unicast"; outside 2000::/3 that is IETF-reserved space
  // (e.g. the deprecated IPv4-compatible ::a.b.c.d, which some stacks still route to IPv4).
  if (verdict.allowed && !v6.match(GLOBAL_UNICAST)) return refused('a reserved address');
  return verdict;
}

/** The IPv4 address an IPv6 address stands for, when it is one of the forms that reach IPv4 hosts. */
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const p = ip.parts;
  const last32 = () => new ipaddr.IPv4([p[6]! >> 8, p[6]! & 0xff, p[7]! >> 8, p[7]! & 0xff]);
  switch (ip.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d (RFC 4291 §2.5.5.2): the socket speaks IPv4
    case 'rfc6145': // ::ffff:0:a.b.c.d (RFC 6145, IPv4-translated)
      return last32();
    case 'rfc6052':
      return ip.match(NAT64_WELL_KNOWN) ? last32() : undefined;
    case '6to4': // 2002:AABB:CCDD::/48 (RFC 3056)
      return new ipaddr.IPv4([p[1]! >> 8, p[1]! & 0xff, p[2]! >> 8, p[2]! & 0xff]);
    default:
      return undefined;
  }
}

// TRUST_PROXY (issue 47): which peers' X-Forwarded-For the server believes, so that every
// per-address limit counts the player's address rather than the load balancer's. Read and checked
// here; handed to Fastify in the one form it acts on as documented (fastifyTrustProxy).
import ipaddr from 'ipaddr.js'

/** false: no proxy; true: believe anyone (never in production); a hop count; or proxy addresses/ranges. */
export type TrustProxy = boolean | number | string[]

/** proxy-addr's names for well-known ranges, accepted as they are. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
}

interface Span {
  first: bigint
  last: bigint
}

const bits = (bytes: number[]): bigint => bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n)

/** The addresses one entry covers, by family; an IPv4-mapped IPv6 range counts as the IPv4 range it maps. */
function spanOf(entry: string): { family: 4 | 6; span: Span } | undefined {
  const [address, prefixText] = entry.split('/')
  // Written as people write addresses: four decimal parts, or IPv6 (not ipaddr's 0x7f.1 or a bare number).
  if (!ipaddr.IPv4.isValidFourPartDecimal(address) && !ipaddr.IPv6.isValid(address)) return undefined
  let parsed = ipaddr.parse(address)
  let width = parsed.kind() === 'ipv4' ? 32 : 128
  let prefix = prefixText === undefined ? width : Number(prefixText)
  if (!/^\d{1,3}$/.test(prefixText ?? '0') || prefix > width) return undefined
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() && prefix >= 96) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address()
    prefix -= 96
    width = 32
  }
  const host = BigInt(width - prefix)
  const first = (bits(parsed.toByteArray()) >> host) << host
  return { family: width === 32 ? 4 : 6, span: { first, last: first + (1n << host) - 1n } }
}

/** Whether the spans together leave no address of a `width`-bit family out. */
function coversAll(spans: Span[], width: number): boolean {
  let next = 0n
  for (const span of [...spans].sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0))) {
    if (span.first > next) return false
    if (span.last + 1n > next) next = span.last + 1n
  }
  return next >= 1n << BigInt(width)
}

/**
 * TRUST_PROXY as the operator wrote it: unset or `false`, `true`, a hop count, or a comma-separated
 * list of proxy addresses, CIDR ranges and proxy-addr's names (`loopback`, `linklocal`,
 * `uniquelocal`). `true` believes every client's header, so a client could choose the address its
 * limits count: refused in production. A list that takes in every IPv4 or every IPv6 address
 * (`0.0.0.0/0`, or `0.0.0.0/1,128.0.0.0/1`) is `true` written otherwise: refused in every mode, as
 * is anything that is not an address.
 */
export function readTrustProxy(raw: string | undefined, production: boolean): TrustProxy {
  const value = raw?.trim()
  if (!value || value === 'false' || value === '0') return false
  if (value === 'true') {
    if (production) {
      throw new Error(`TRUST_PROXY=true believes any client's X-Forwarded-For, so a client could choose the address its limits count: in production give the proxies' addresses or CIDR ranges (e.g. TRUST_PROXY=10.0.0.0/8), or a hop count, the number of proxies in front (e.g. TRUST_PROXY=1)`)
    }
    return true
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    if (hops > 16) throw new Error(`TRUST_PROXY as a hop count must be the number of proxies in front, 1 to 16 (got "${raw}")`)
    return hops
  }
  const list = value.split(',').map((entry) => entry.trim()).filter(Boolean)
  const spans = { 4: [] as Span[], 6: [] as Span[] }
  for (const entry of list) {
    for (const range of NAMED_RANGES[entry] ?? [entry]) {
      const found = spanOf(range)
      if (!found) throw new Error(`TRUST_PROXY must be true, a hop count, or proxy addresses, CIDR ranges or loopback/linklocal/uniquelocal, comma-separated (got "${entry}")`)
      spans[found.family].push(found.span)
    }
  }
  if (coversAll(spans[4], 32) || coversAll(spans[6], 128)) {
    throw new Error(`TRUST_PROXY="${raw}" takes in every ${coversAll(spans[4], 32) ? 'IPv4' : 'IPv6'} address, so any client could choose the address its limits count: give only the proxies' addresses or ranges`)
  }
  return list
}

/**
 * What Fastify acts on. Fastify 5 takes a bare number as "trust no proxy" (it cannot check the
 * peer), so a hop count goes as the function it means: the nearest `hops` addresses on the way
 * (the peer, then X-Forwarded-For from its right end) are proxies, the next one is the player.
 */
export function fastifyTrustProxy(setting: TrustProxy | undefined): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting
  return setting ?? false
}

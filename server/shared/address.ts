import { isIPv4, isIPv6 } from 'node:net'

/**
 * The client address as the per-address limits count it: an IPv4 address as it is, an IPv6
 * address by its /64. A subscriber is given a whole /64 (often a /56 or more), so counting each
 * IPv6 address apart would hand one machine 2^64 fresh limits. An IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.1`, an IPv4 client on a dual-stack socket) is that IPv4 address. Anything
 * that is not an IP address (a test's made-up peer) counts as itself.
 */
export function addressGroup(address: string): string {
  const ip = address.split('%')[0]
  if (isIPv4(ip)) return ip
  if (!isIPv6(ip)) return address
  const hextets = expandIPv6(ip)
  if (hextets.slice(0, 5).every((hextet) => hextet === 0) && hextets[5] === 0xffff) {
    return [hextets[6] >> 8, hextets[6] & 0xff, hextets[7] >> 8, hextets[7] & 0xff].join('.')
  }
  return `${hextets.slice(0, 4).map((hextet) => hextet.toString(16)).join(':')}::/64`
}

/** The eight 16-bit groups of a valid IPv6 address (`::` filled, a dotted IPv4 tail as two groups). */
function expandIPv6(ip: string): number[] {
  let text = ip
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number)
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined]
  const before = head ? head.split(':') : []
  const after = tail ? tail.split(':') : []
  const zeros = tail === undefined ? [] : Array.from({ length: 8 - before.length - after.length }, () => '0')
  return [...before, ...zeros, ...after].map((hextet) => parseInt(hextet, 16))
}

import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

declare module '../shared/context' {
  interface ServerContext {
    passwords: PasswordHasher
  }
}

/**
 * scrypt password hashes, stored as `scrypt$N$r$p$salt$hash` (salt and hash base64url), so a hash
 * made at an older cost still verifies and is re-hashed at the current cost on the next login.
 * Hashing is memory-hard (128 MB at N = 2^17) and runs under a concurrency cap, so a flood of
 * logins queues instead of starving the server.
 */
export interface PasswordCost {
  /** scrypt's CPU/memory cost, a power of two. */
  N: number
  r: number
  p: number
}

/** OWASP's scrypt recommendation: N = 2^17, r = 8, p = 1. */
export const DEFAULT_PASSWORD_COST: PasswordCost = { N: 2 ** 17, r: 8, p: 1 }
/** `APP_MODE=test`: a cost that costs a browser test nothing (every test registers and signs in
 *  members of its own). The stored format says the cost, so nothing else changes. */
export const TEST_MODE_PASSWORD_COST: PasswordCost = { N: 2 ** 10, r: 8, p: 1 }
/** Hashes at once; the rest wait their turn. libuv runs four crypto jobs at a time by default. */
export const DEFAULT_HASH_CONCURRENCY = 2

const KEY_LENGTH = 32

export interface PasswordHasher {
  hash(password: string): Promise<string>
  verify(password: string, stored: string): Promise<boolean>
  /** True when `stored` was made at another cost than the current one. */
  needsRehash(stored: string): boolean
  /** Spends the time of a real check, so an unknown phone cannot be told from a wrong password. */
  verifyDummy(password: string): Promise<false>
  readonly cost: PasswordCost
}

interface Parsed {
  cost: PasswordCost
  salt: Buffer
  hash: Buffer
}

function parse(stored: string): Parsed | undefined {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  const cost = { N: Number(n), r: Number(r), p: Number(p) }
  if (scheme !== 'scrypt' || !salt || !hash || !Object.values(cost).every(Number.isSafeInteger)) return undefined
  return { cost, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') }
}

/** A FIFO semaphore: at most `limit` tasks run at once. */
export function limiter(limit: number) {
  let running = 0
  const waiting: (() => void)[] = []
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
    running++
    try {
      return await task()
    } finally {
      running--
      waiting.shift()?.()
    }
  }
}

export function createPasswordHasher(
  cost: PasswordCost = DEFAULT_PASSWORD_COST,
  concurrency = DEFAULT_HASH_CONCURRENCY,
): PasswordHasher {
  const run = limiter(concurrency)
  const derive = (password: string, salt: Buffer, { N, r, p }: PasswordCost) =>
    run(
      () =>
        new Promise<Buffer>((resolve, reject) => {
          // maxmem: scrypt needs 128 * N * r bytes; Node's default cap (32 MB) stops at N = 2^15.
          const maxmem = 256 * N * r
          scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem }, (error, key) =>
            error ? reject(error) : resolve(key),
          )
        }),
    )

  const hash = async (password: string) => {
    const salt = randomBytes(16)
    const key = await derive(password, salt, cost)
    return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$')
  }

  const verify = async (password: string, stored: string) => {
    const parsed = parse(stored)
    if (!parsed) return false
    const key = await derive(password, parsed.salt, parsed.cost)
    return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash)
  }

  let dummy: Promise<string> | undefined
  return {
    cost,
    hash,
    verify,
    needsRehash(stored) {
      const parsed = parse(stored)
      return !parsed || parsed.cost.N !== cost.N || parsed.cost.r !== cost.r || parsed.cost.p !== cost.p
    },
    async verifyDummy(password) {
      dummy ??= hash(randomBytes(12).toString('hex'))
      await verify(password, await dummy)
      return false
    },
  }
}

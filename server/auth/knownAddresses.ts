import { addressGroup } from '../shared/address'
import type { Db } from '../shared/db'
import { KNOWN_ADDRESS_MS } from '../shared/limits'

/**
 * Where each phone signed in successfully, by address group (an IPv4 address or an IPv6 /64), for
 * KNOWN_ADDRESS_MS after the last time. A stranger's wrong passwords elsewhere slow down that
 * phone's sign-ins everywhere but there (limits.ts, loginLimits), so the owner at home is not
 * locked out by them. Only a right password adds a row, so a guesser cannot make its own address
 * known.
 */
export async function isKnownAddress(db: Db, phone: string, address: string, now: number): Promise<boolean> {
  const row = await db.selectFrom('login_addresses').select('last_success_at')
    .where('phone', '=', phone).where('address', '=', addressGroup(address))
    .executeTakeFirst()
  return row !== undefined && now - Number(row.last_success_at) < KNOWN_ADDRESS_MS
}

/** A successful sign-in: its address is known (again) from now; the phone's stale ones go. */
export async function rememberAddress(db: Db, phone: string, address: string, now: number): Promise<void> {
  await db.deleteFrom('login_addresses')
    .where('phone', '=', phone).where('last_success_at', '<=', now - KNOWN_ADDRESS_MS)
    .execute()
  await db.insertInto('login_addresses')
    .values({ phone, address: addressGroup(address), last_success_at: now })
    .onConflict((c) => c.columns(['phone', 'address']).doUpdateSet({ last_success_at: now }))
    .execute()
}

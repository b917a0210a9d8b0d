// Release 1.1.x overwrote an approved slip's image digest with the bank's reference number, so the
// same image could be sent again and credited twice. Migration 0008 keeps the two apart but cannot
// read images; this reads the digest back from each such slip's stored image at start.
import type { FastifyBaseLogger } from 'fastify'
import { isUniqueViolation } from '../shared/db'
import type { Db } from '../shared/db'
import type { SlipFiles } from './slipFile'
import { imageDigest } from './slips'
import * as repo from './repo'

/**
 * Gives every approved slip of 1.1.x its image digest again, from its image file. An image that
 * is gone leaves the slip without one (tried again at the next start); one that another slip
 * already has was credited twice under 1.1.x, which is for the operator to see in the log.
 */
export async function restoreSlipDigests(db: Db, files: SlipFiles, log: FastifyBaseLogger): Promise<void> {
  for (const slip of await repo.slipsWithoutDigest(db)) {
    const bytes = slip.file_name ? await files.read(slip.file_name) : undefined
    if (!bytes) {
      log.warn({ slip: slip.id }, 'slip image missing: its digest cannot be restored, the same image could be sent again')
      continue
    }
    try {
      await repo.setSlipDigest(db, Number(slip.id), imageDigest(bytes))
    } catch (error) {
      if (!isUniqueViolation(error, repo.UNIQUE.slipImage)) throw error
      log.warn({ slip: slip.id }, 'slip image also sent as another slip: both were taken before this release')
    }
  }
}

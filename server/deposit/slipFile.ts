import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fail } from '../shared/http/errors'
import { dataFolderFor, type ImageMime, imageType, multipartParts } from '../shared/uploads'

/** Spec 5's limit for images. */
export const SLIP_MAX_BYTES = 10 * 1024 * 1024

export type SlipMime = ImageMime

/** The most a claimed amount may say (major units), as a deposit's amount (contract/deposit.ts). */
const CLAIMED_MAX_MINOR = 1e9 * 100

/**
 * The slip image of an upload: the `file` field of a multipart form (spec 7), or a raw JPEG or
 * PNG body; and the form's optional `amount` (issue 51), what the player says the slip shows, in
 * major units with at most 2 decimals ("500", "500.25"). 400 SLIP_NO_FILE without a file,
 * SLIP_INVALID_FILE when it is not a JPEG or PNG, SLIP_AMOUNT_INVALID for an amount not so written.
 */
export function slipImage(body: unknown, contentType: string | undefined): { bytes: Buffer; mime: SlipMime; claimedMinor: number | null } {
  if (!Buffer.isBuffer(body) || body.length === 0) throw fail(400, 'SLIP_NO_FILE')
  let bytes = body
  let claimedMinor: number | null = null
  if (/^multipart\/form-data/i.test(contentType ?? '')) {
    const parts = multipartParts(body, contentType ?? '')
    if (!parts) throw fail(400, 'SLIP_INVALID_FILE')
    const file = parts.find((part) => part.name === 'file')
    if (!file || file.content.length === 0) throw fail(400, 'SLIP_NO_FILE')
    bytes = file.content
    const amount = parts.find((part) => part.name === 'amount')?.content.toString('utf8').trim()
    if (amount) {
      const minor = /^\d{1,12}(\.\d{1,2})?$/.test(amount) ? Math.round(Number(amount) * 100) : NaN
      if (!(minor > 0 && minor <= CLAIMED_MAX_MINOR)) throw fail(400, 'SLIP_AMOUNT_INVALID')
      claimedMinor = minor
    }
  }
  const mime = imageType(bytes)
  if (!mime) throw fail(400, 'SLIP_INVALID_FILE')
  return { bytes, mime, claimedMinor }
}

/** Where slip images are kept: `<dataDir>/slips` (see dataFolderFor). */
export const slipDirFor = (dataDir: string) => dataFolderFor(dataDir, 'slips')

export interface SlipFiles {
  save(reference: string, mime: SlipMime, bytes: Buffer): Promise<string>
  read(fileName: string): Promise<Buffer | undefined>
}

export function slipFiles(dir: string): SlipFiles {
  return {
    async save(reference, mime, bytes) {
      await mkdir(dir, { recursive: true })
      // The name is ours (reference plus random), never the uploader's.
      const fileName = `${reference}-${randomBytes(4).toString('hex')}.${mime === 'image/png' ? 'png' : 'jpg'}`
      await writeFile(join(dir, fileName), bytes, { flag: 'wx' })
      return fileName
    },
    async read(fileName) {
      if (!/^[A-Za-z0-9-]+\.(png|jpg)$/.test(fileName)) return undefined
      try {
        return await readFile(join(dir, fileName))
      } catch {
        return undefined
      }
    },
  }
}

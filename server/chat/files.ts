// Chat uploads (spec 7, spec 9 "Attachment limits"): what a file is, by its first bytes, and where
// it is kept. Images (png, jpeg, gif) up to 10 MB, videos (mp4, QuickTime) up to 20 MB.
import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ChatFileType } from '../../contract'
import { dataFolderFor, imageType as slipImageType } from '../shared/uploads'

export const CHAT_IMAGE_MAX_BYTES = 10 * 1024 * 1024
export const CHAT_VIDEO_MAX_BYTES = 20 * 1024 * 1024

export { CHAT_FILES_PATH } from '../../contract/chat'

export type ChatMime = 'image/png' | 'image/jpeg' | 'image/gif' | 'video/mp4' | 'video/quicktime'

const EXTENSIONS: Record<ChatMime, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
}

/** Our file names: 24 random bytes and our extension, never the uploader's name. */
export const CHAT_FILE_NAME = /^[A-Za-z0-9_-]{32}\.(png|jpg|gif|mp4|mov)$/

export const fileTypeOf = (mime: string): ChatFileType => (mime.startsWith('video/') ? 'video' : 'image')

/** A slip's JPEG or PNG (deposit/slipFile.ts), or a GIF. */
export function imageType(bytes: Buffer): ChatMime | undefined {
  const slip = slipImageType(bytes)
  if (slip) return slip
  const head = bytes.subarray(0, 6).toString('latin1')
  if (head === 'GIF87a' || head === 'GIF89a') return 'image/gif'
  return undefined
}

/** ISO base media brands that are pictures or sound, not video (HEIF, AVIF, M4A...). */
const NOT_VIDEO_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis', 'M4A ', 'M4B ', 'M4P ', 'crx '])
/** Top-level atoms an old QuickTime file may begin with (no `ftyp`). */
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip'])

export function videoType(bytes: Buffer): ChatMime | undefined {
  if (bytes.length < 12) return undefined
  const box = bytes.subarray(4, 8).toString('latin1')
  if (box === 'ftyp') {
    const brand = bytes.subarray(8, 12).toString('latin1')
    if (NOT_VIDEO_BRANDS.has(brand)) return undefined
    return brand === 'qt  ' ? 'video/quicktime' : 'video/mp4'
  }
  return QUICKTIME_ATOMS.has(box) ? 'video/quicktime' : undefined
}

/** Where chat files are kept: `<dataDir>/chat`, beside the slips (see dataFolderFor). */
export async function chatDirFor(dataDir: string): Promise<{ dir: string; dispose: () => Promise<void> }> {
  const folder = await dataFolderFor(dataDir, 'chat')
  await mkdir(folder.dir, { recursive: true })
  return folder
}

/** Writes the file under a new random name of ours; returns the name. */
export async function saveChatFile(dir: string, mime: ChatMime, bytes: Buffer): Promise<string> {
  const name = `${randomBytes(24).toString('base64url')}.${EXTENSIONS[mime]}`
  await writeFile(join(dir, name), bytes, { flag: 'wx' })
  return name
}

// Uploaded files, whichever area takes them (slips, chat): what an image is by its bytes, the parts
// of a multipart form, and the folder the files are kept in.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export type ImageMime = 'image/jpeg' | 'image/png'

/** The image type by its first bytes: what the file is, whatever its name or header claims. */
export function imageType(bytes: Buffer): ImageMime | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(png)) return 'image/png'
  return undefined
}

interface Part {
  name: string | undefined
  content: Buffer
}

/**
 * The parts of a multipart/form-data body (RFC 7578), enough for one file field: headers are read
 * for the field name only. Undefined when the body is not well formed.
 */
export function multipartParts(body: Buffer, contentType: string): Part[] | undefined {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType)
  const boundary = match?.[1] ?? match?.[2]
  if (!boundary) return undefined
  const delimiter = Buffer.from(`--${boundary}`)
  const next = Buffer.from(`\r\n--${boundary}`)
  let at = body.indexOf(delimiter)
  if (at < 0) return undefined
  const parts: Part[] = []
  at += delimiter.length
  // A handful of parts is all a slip form has; more is not a slip upload.
  for (let count = 0; count < 20; count++) {
    const after = body.subarray(at, at + 2).toString('latin1')
    if (after === '--') return parts
    if (after !== '\r\n') return undefined
    const headerEnd = body.indexOf('\r\n\r\n', at + 2)
    if (headerEnd < 0) return undefined
    const headers = body.subarray(at + 2, headerEnd).toString('utf8')
    const end = body.indexOf(next, headerEnd + 4)
    if (end < 0) return undefined
    const disposition = headers.split('\r\n').find((line) => /^content-disposition:/i.test(line)) ?? ''
    const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1]
    parts.push({ name, content: body.subarray(headerEnd + 4, end) })
    at = end + next.length
  }
  return undefined
}

/**
 * A folder of uploaded files under the server's data folder, `<dataDir>/<name>` (several
 * instances on one PostgreSQL need it on a shared volume), or for an in-memory database a
 * temporary folder removed by `dispose`.
 */
export async function dataFolderFor(dataDir: string, name: string): Promise<{ dir: string; dispose: () => Promise<void> }> {
  if (dataDir !== ':memory:') return { dir: join(dataDir, name), dispose: async () => {} }
  const dir = await mkdtemp(join(tmpdir(), `wallet-${name}-`))
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) }
}

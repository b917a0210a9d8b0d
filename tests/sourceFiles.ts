// The files under some folders of the repository whose names match: what the layout and docs tests read.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

export function filesUnder(roots: readonly string[], name: RegExp): string[] {
  return roots.flatMap((root) => readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && name.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name)))
}

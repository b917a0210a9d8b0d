import type { TFunction } from 'i18next'

/** A refused slip's reason in words (spec 4): the catalogue's (`slipReasons.<note>`) when it has
 *  one, else staff's own note as they wrote it. */
export function slipReason(note: string, t: TFunction, exists: (key: string) => boolean): string {
  const key = `slipReasons.${note}`
  return exists(key) ? String(t(key as 'slipReasons.UNKNOW_ERROR')) : note
}

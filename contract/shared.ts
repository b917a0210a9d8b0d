// What every area's schemas share: the field helpers, the variant and currency, the plain and
// error answers, a page request, the status of an upload or a statement row, banners and names
// given in each language.
import { type Static, type TLiteral, Type } from 'typebox'
import type { ErrorCode } from './errorCodes'

// The app imports the descriptors beside these schemas as values; its build drops the schemas,
// and TypeBox with them, because it is told that `Type.*` and the helpers below have no side
// effects (vite.config.ts, treeshake). `npm run size` fails if any of TypeBox reaches a chunk.

/** A string field with a ceiling: every string on the wire has one. */
export const text = (maxLength: number) => Type.String({ maxLength })
/** A required text field: absent, null, empty or blank is KEY_MISSING (see the server's error handler). */
export const filled = (maxLength: number) => Type.String({ maxLength, pattern: '\\S' })
/** One literal schema per value of a list, for a union of them: the list stays the one source. */
export const literals = <const T extends readonly string[]>(values: T) =>
  values.map((value) => Type.Literal(value)) as unknown as { -readonly [K in keyof T]: TLiteral<T[K]> }
/** An optional text field: may be missing, null or empty. */
export const optional = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]))
/** Bytes in base64url (WebAuthn's fields), 1 to `maxLength` characters. */
export const base64url = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+$' })

/** Phone numbers travel as digits; the rules (10 digits, or 8 to 15 in Lao) are the server's. */
export const phone = filled(32)
/** Passwords keep their spaces; 128 characters is far above any real one and bounds the hashing. */
export const password = filled(128)
export const name = filled(100)
export const code = filled(32)

/** The two variants of the product (spec 1): Thailand, and Laos. */
export type Variant = 'th' | 'la'
/** A member's currency: baht, or in the Lao variant kip or baht. */
export type Currency = 'THB' | 'LAK' | 'BAHT'

/** Every error answer carries the spec 8 code (or a raw text) in `message`. */
export interface ErrorBody {
  message: ErrorCode | 'gone' | 'invalid token' | 'cannot verify identity' | (string & {})
  /** The limit a refusal names (WITHDRAW_MINIMUM, WITHDRAW_MAXIMUM, BONUS_CONDITION), major units of the member's currency. */
  limit?: number
  /** Beyond the spec: the balance the rule was checked against (BONUS_CONDITION), major units. */
  balance?: number
  /** Beyond the spec: the currency of `limit` and `balance` (the member's). */
  currency?: string
}


export const MessageBody = Type.Object({ message: text(200) })
export type MessageBody = Static<typeof MessageBody>

export const ErrorBody = Type.Object({ message: text(200), limit: Type.Optional(Type.Number()), balance: Type.Optional(Type.Number()), currency: Type.Optional(text(8)) })
/** GET /api/invite/banners and /api/refund/banners (spec 3 "Banners"): shown before their modal. */
export const Banner = Type.Object({ image: text(2_000), html: Type.Optional(text(50_000)) })
export type Banner = Static<typeof Banner>
export const BannersResponse = Type.Array(Banner)
/** An operator's text as written (issue 51): one string for every language, or an object of the
 *  languages it is written in, `{"th": …, "la": …, "en": …}`; a player reads it in the app's
 *  language, else the variant's (server/shared/inLanguages.ts). */
export const InLanguages = (maxLength: number, minLength = 0) => Type.Union([
  Type.String({ minLength, maxLength }),
  Type.Object({
    th: Type.Optional(Type.String({ minLength, maxLength })),
    la: Type.Optional(Type.String({ minLength, maxLength })),
    en: Type.Optional(Type.String({ minLength, maxLength })),
  }, { additionalProperties: false, minProperties: 1 }),
])
/** A banner as the operator writes it: its text in one language or several. */
export const BannersAsWritten = Type.Array(Type.Object({ image: text(2_000), html: Type.Optional(InLanguages(50_000)) }))
/** A name the operator gives in each language (issue 29); `name` stays the one for any other. */
export const LanguageNames = Type.Object({ th: Type.Optional(text(100)), la: Type.Optional(text(100)), en: Type.Optional(text(100)) })
export type LanguageNames = Static<typeof LanguageNames>
/** A page of a list: from page 1, at most 100 a page (spec 9's lists ask 10). */
export const PageRequest = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100_000 }),
  limit: Type.Integer({ minimum: 1, maximum: 100 }),
})
export type PageRequest = Static<typeof PageRequest>

/** The status of an upload or a statement row: the app treats SUCCESS and FAILED as final and anything else as in progress (spec 4). */
export const SlipStatus = Type.Union([Type.Literal('PROCESSING'), Type.Literal('SUCCESS'), Type.Literal('FAILED')])
export type SlipStatus = Static<typeof SlipStatus>

import type { FastifyError, FastifyInstance } from 'fastify'
import type { ErrorCode, extraErrorCodes } from '../../../contract/errorCodes'
import type { opsErrorCodes } from '../../../contract/ops'
import type { ErrorBody } from '../../../contract'

/** Every message the server puts in an error body: a spec 8 code or one of the raw texts. */
export type ApiErrorCode = ErrorCode | (typeof extraErrorCodes)[number] | (typeof opsErrorCodes)[number] | 'gone' | 'invalid token' | 'production database'

/** What a refusal may name beside its code: the member's balance and the currency of its figures. */
export interface ErrorFigures {
  /** The member's balance the rule was checked against, major units (BONUS_CONDITION). */
  balance?: number
  /** The currency `limit` and `balance` are in: the member's. */
  currency?: string
}

/** A refusal the client is meant to see (the server's; the app's error is api/errors.ts's ApiError): answered as `{ message: code }` (and the figures it names) with `status`. */
export class Refusal extends Error {
  readonly status: number
  readonly code: ApiErrorCode
  /** The limit the refusal names, major units (WITHDRAW_MINIMUM, WITHDRAW_MAXIMUM, BONUS_CONDITION). */
  readonly limit: number | undefined
  /** Whole seconds until a refused attempt may come again: answered as a `Retry-After` header. */
  readonly retryAfterSeconds: number | undefined
  readonly figures: ErrorFigures

  constructor(status: number, code: ApiErrorCode, limit?: number, retryAfterSeconds?: number, figures: ErrorFigures = {}) {
    super(code)
    this.status = status
    this.code = code
    this.limit = limit
    this.retryAfterSeconds = retryAfterSeconds
    this.figures = figures
  }
}

export const fail = (status: number, code: ApiErrorCode, limit?: number, figures?: ErrorFigures): Refusal =>
  new Refusal(status, code, limit, undefined, figures)

/** 429 with `code`, saying when to come back (`Retry-After`, rounded up to a whole second). */
export const tooSoon = (code: ApiErrorCode, waitMs: number): Refusal =>
  new Refusal(429, code, undefined, Math.max(1, Math.ceil(waitMs / 1000)))

export function errorBody(code: ApiErrorCode, limit?: number, figures: ErrorFigures = {}): ErrorBody {
  return {
    message: code,
    ...(limit === undefined ? {} : { limit }),
    ...(figures.balance === undefined ? {} : { balance: figures.balance }),
    ...(figures.currency === undefined ? {} : { currency: figures.currency }),
  }
}

interface SchemaFailure {
  keyword: string
  /** The failing value (the validator runs with `verbose`). */
  data?: unknown
}

/**
 * A schema failure in the spec's words: a field that is absent, null, empty or blank is
 * KEY_MISSING; anything else (a wrong type, too long, not one of the allowed values) KEY_INVALID.
 */
export function schemaFailureCode(failures: readonly SchemaFailure[]): 'KEY_MISSING' | 'KEY_INVALID' {
  const missing = failures.every(
    ({ keyword, data }) =>
      keyword === 'required' || data === null || (typeof data === 'string' && data.trim() === ''),
  )
  return missing ? 'KEY_MISSING' : 'KEY_INVALID'
}

/** The 4xx status Fastify put on its own errors (bad JSON, content type, body size), if any. */
function clientErrorStatus(error: unknown): number | undefined {
  const status = error instanceof Error ? (error as FastifyError).statusCode : undefined
  return status !== undefined && status >= 400 && status < 500 ? status : undefined
}

/**
 * Turns every thrown error into the spec's `{ message }` shape: our ApiErrors as they are, body
 * parse failures (bad JSON, wrong content type, too large) as KEY_INVALID, anything else as a
 * logged 500 INTERNAL_SERVER_ERROR. Fastify's default error shape and stack never leave.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof Refusal) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds))
      return reply.code(error.status).send(errorBody(error.code, error.limit, error.figures))
    }
    const validation = (error as FastifyError).validation
    if (validation) return reply.code(400).send(errorBody(schemaFailureCode(validation)))
    const status = clientErrorStatus(error)
    if (status !== undefined) {
      const empty = (error as FastifyError).code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
      return reply.code(status).send(errorBody(empty ? 'KEY_MISSING' : 'KEY_INVALID'))
    }
    request.log.error({ err: error }, 'unexpected error')
    return reply.code(500).send(errorBody('INTERNAL_SERVER_ERROR'))
  })
}

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import * as C from '../../contract'
import { SlipWindowHours } from '../../contract/ops'
import { mergeConfig } from '../shared/config'
import { fail } from '../shared/http/errors'
import { clearRateEvents } from '../shared/limits'
import { SwitchableOtpSender } from '../otp/sms'
import { lastOtpForPhone } from '../otp/repo'
import { getContent, setContent } from '../lookup/repo'
import { getSettings, SettingsSchema, updateSettings } from '../shared/settings'
import type { AreaRoutes } from '../shared/http/area'

/** What GET /dev/otp/:phone answers: the last code sent to that phone. */
export const DevOtpResponse = Type.Object({ otpCode: Type.String(), otpRef: Type.String() })
export type DevOtpResponse = { otpCode: string; otpRef: string }

const settings = { 200: SettingsSchema }
const config = { 200: C.RuntimeConfig }

const PhoneParams = Type.Object({ phone: Type.String({ maxLength: 32 }) })
const ServiceBody = Type.Object({ terminated: Type.Boolean() }, { additionalProperties: false })
const FlagsBody = Type.Partial(Type.Omit(SettingsSchema, ['terminated']), { additionalProperties: false })
const SmsSwitch = Type.Object({ down: Type.Boolean() }, { additionalProperties: false })

/**
 * Development-only endpoints (dev and test modes), used by e2e tests and by hand. They are not
 * registered at all in production, so there they answer 404 like any unknown path. A typo in a
 * body must not pass: no extra keys.
 */
const devRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.serverContext
  app.get('/dev/otp/:phone', { schema: { params: PhoneParams, response: { 200: DevOtpResponse } } }, async (request) => {
    const otp = await lastOtpForPhone(ctx.db, request.params.phone)
    if (!otp) throw fail(404, 'NO_DATA')
    return { otpCode: otp.code, otpRef: otp.ref }
  })

  app.post('/dev/service', { schema: { body: ServiceBody, response: settings } }, async (request) =>
    updateSettings(ctx.db, { terminated: request.body.terminated }),
  )

  app.get('/dev/settings', { schema: { response: settings } }, async () => getSettings(ctx.db))

  app.post('/dev/settings', { schema: { body: FlagsBody, response: settings } }, async (request) =>
    updateSettings(ctx.db, request.body),
  )

  // The daily window in which slip upload is closed (operator content): tests that upload a slip
  // set one that is not now, so they pass at any hour.
  app.post('/dev/content/slipWindow', { schema: { body: SlipWindowHours, response: { 200: SlipWindowHours } } }, async (request) => {
    const before = await getContent(ctx.db, 'slipWindow')
    await setContent(ctx.db, 'slipWindow', request.body)
    return before ?? request.body
  })

  app.post('/dev/config', { schema: { body: C.ConfigPatch, response: config } }, async (request) => {
    ctx.config.current = mergeConfig(ctx.config.current, request.body)
    return ctx.config.current
  })

  app.delete('/dev/config', { schema: { response: config } }, async () => {
    ctx.config.current = ctx.config.initial
    return ctx.config.current
  })

  app.post('/dev/sms', { schema: { body: SmsSwitch, response: { 200: SmsSwitch } } }, async (request) => {
    if (!(ctx.sms instanceof SwitchableOtpSender)) throw new Error('the SMS gateway has no switch in this mode')
    ctx.sms.down = request.body.down
    return { down: ctx.sms.down }
  })

  app.post('/dev/reset-limits', { schema: { response: { 200: C.MessageBody } } }, async () => {
    await clearRateEvents(ctx.db)
    return { message: 'OK' }
  })
}

/** The dev stand-ins no area owns: the OTP codes sent, the runtime config, the operator's switches. */
export const devArea: AreaRoutes = { dev: devRoutes }

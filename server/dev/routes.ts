import type { FastifyInstance } from 'fastify'
import type { RuntimeConfig } from '../../src/api/types'
import { mergeConfig, parseConfigPatch } from '../config'
import type { ServerContext } from '../context'
import { bodyOf, onlyKeys, optionalBoolean, requiredBoolean } from '../http/body'
import { fail } from '../http/errors'
import { clearRateEvents } from '../limits'
import { lastOtpForPhone } from '../otp/store'
import { type Settings, getSettings, updateSettings } from '../settings'

/** What GET /dev/otp/:phone answers: the last code sent to that phone. */
export interface DevOtpResponse {
  otpCode: string
  otpRef: string
}

/**
 * Development-only endpoints (dev and test modes), used by e2e tests and by hand. They are not
 * registered at all in production, so there they answer 404 like any unknown path.
 */
export function registerDevRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get<{ Params: { phone: string } }>('/dev/otp/:phone', async (request): Promise<DevOtpResponse> => {
    const otp = lastOtpForPhone(ctx.db, request.params.phone)
    if (!otp) throw fail(404, 'NO_DATA')
    return { otpCode: otp.code, otpRef: otp.ref }
  })

  app.post('/dev/service', async (request): Promise<Settings> => {
    const body = bodyOf(request.body)
    onlyKeys(body, ['terminated'])
    return updateSettings(ctx.db, { terminated: requiredBoolean(body, 'terminated') })
  })

  app.get('/dev/settings', async (): Promise<Settings> => getSettings(ctx.db))

  app.post('/dev/settings', async (request): Promise<Settings> => {
    const body = bodyOf(request.body)
    onlyKeys(body, ['registerOTP', 'spinActive', 'enableChatWidget'])
    return updateSettings(ctx.db, {
      registerOTP: optionalBoolean(body, 'registerOTP'),
      spinActive: optionalBoolean(body, 'spinActive'),
      enableChatWidget: optionalBoolean(body, 'enableChatWidget'),
    })
  })

  app.post('/dev/config', async (request): Promise<RuntimeConfig> => {
    ctx.config.current = mergeConfig(ctx.config.current, parseConfigPatch(request.body))
    return ctx.config.current
  })

  app.delete('/dev/config', async (): Promise<RuntimeConfig> => {
    ctx.config.current = ctx.config.initial
    return ctx.config.current
  })

  app.post('/dev/reset-limits', async () => {
    clearRateEvents(ctx.db)
    return { message: 'OK' }
  })
}

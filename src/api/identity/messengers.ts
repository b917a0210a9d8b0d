// The messenger identity's calls (issue 31, api/contract/identity.ts), shared by the screens that
// use them: /login's sign-in by the messenger, the shell's link offer, the profile's list, the
// Telegram phone offer.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '../call'
import { identityEndpoints as I, type MessengerCredential, type MessengerProvider } from '../../../contract/identity'
import type { IdentitiesResponse, TelegramContactRequest } from '../../../contract/identity'
import { getConfig } from '../config'
import { shownInline } from '../queryClient'
import { withStepUp } from './stepUp'
import { channelKeys } from '../notifyChannels'

export const identityKeys = {
  all: ['identity'] as const,
  list: () => [...identityKeys.all, 'list'] as const,
}

/** Whether the operator switched sign-in by this messenger on (the runtime config's `identity`). */
export const messengerEnabled = (provider: MessengerProvider): boolean => getConfig().identity?.[provider] === true

export const messengerLogin = (body: MessengerCredential) => call(I.messengerLogin, { body })

export const identitiesQuery = () => queryOptions({ queryKey: identityKeys.list(), queryFn: () => call(I.identities), ...shownInline })
export const useIdentities = (enabled = true) => useQuery({ ...identitiesQuery(), enabled })

const inline = { meta: { handlesError: true } } as const

/** The phone Telegram signed (issue 31): the server checks it and answers the phone field's number
 *  (and, where the operator allows it, the OTP step's proof). Its refusals are shown beside the offer. */
export const checkTelegramContact = (body: TelegramContactRequest) => call(I.telegramContact, { body })
export const useCheckTelegramContact = () => useMutation({ mutationFn: checkTelegramContact, ...inline })

/** Each answer is the member's list as it is now: it replaces the cached one. */
function useIdentityChange<T>(change: (variables: T) => Promise<IdentitiesResponse>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: change,
    ...inline,
    onSuccess: (answer) => {
      client.setQueryData(identityKeys.list(), answer)
      // A linked messenger is where its messages go (issue 50): the channels say so afresh.
      void client.invalidateQueries({ queryKey: channelKeys.all })
    },
  })
}

/** Links the messenger the app runs in: only after the player confirmed. Linking and unlinking
 *  take the password given lately (issue 47): asked again when the server says so. */
export const useLinkMessenger = () =>
  useIdentityChange((credential: MessengerCredential) => withStepUp(() => call(I.link, { body: credential }), { passwordOnly: true }))
export const useUnlinkMessenger = () =>
  useIdentityChange((provider: MessengerProvider) => withStepUp(() => call(I.unlink, { params: { provider } }), { passwordOnly: true }))

/** The password given again (STEP_UP_REQUIRED): this session may withdraw for a while. */
export const stepUp = (password: string) => call(I.stepUp, { body: { password } })

// The profile screen's own call (spec 7 "Account"): the password change. The profile itself is
// read beyond this screen (home's name, the chat's member id), so its query is api/profile's.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { identityKeys } from '../../api/identity/messengers'
import { call } from '../../api/call'
import { accountEndpoints } from '../../../contract/account'

/** PUT /api/account/changepwd: the server ends the member's other sessions and takes away their
 *  passkeys, quick unlocks and messenger links (issue 47), so the profile reads those again. The
 *  modal shows its failures itself. */
export const useChangePassword = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: { oldPassword: string; newPassword: string }) => call(accountEndpoints.changePassword, { body }),
    meta: { handlesError: true },
    onSuccess: () => client.invalidateQueries({ queryKey: identityKeys.all }),
  })
}

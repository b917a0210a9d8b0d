// The member's profile: read by the profile screen and by home (name, invite code).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from './call'
import { accountEndpoints } from '../../contract/account'

export const profileKeys = {
  all: ['profile'] as const,
  detail: () => [...profileKeys.all, 'detail'] as const,
}

export const getProfile = () => call(accountEndpoints.profile)
/** Spec 8: a failed profile load is silent; the screens show it inline with a retry. */
export const profileQuery = () => queryOptions({ queryKey: profileKeys.detail(), queryFn: getProfile, meta: { silent: true } })
export const useProfile = () => useQuery(profileQuery())

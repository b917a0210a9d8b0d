// The member's profile: read by the profile screen and by home (name, invite code).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from './http'
import type { ProfileResponse } from './types'

export const profileKeys = {
  all: ['profile'] as const,
  detail: () => [...profileKeys.all, 'detail'] as const,
}

export const getProfile = () => api.get<ProfileResponse>('/api/account/profile')
export const profileQuery = () => queryOptions({ queryKey: profileKeys.detail(), queryFn: getProfile })
export const useProfile = () => useQuery(profileQuery())

import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../api/http'
import type { ContactInfo, HtmlListResponse } from '../../api/types'

export const infoKeys = {
  all: ['info'] as const,
  contact: () => [...infoKeys.all, 'contact'] as const,
  conditions: () => [...infoKeys.all, 'conditions'] as const,
}

export const getContact = () => api.get<ContactInfo>('/api/lookup/contact')
export const getConditions = () => api.get<HtmlListResponse>('/api/lookup/conditions')

// Both screens show a failed load inline, so no toast as well.
const inline = { meta: { silent: true } } as const
export const contactQuery = () => queryOptions({ queryKey: infoKeys.contact(), queryFn: getContact, ...inline })
export const conditionsQuery = () => queryOptions({ queryKey: infoKeys.conditions(), queryFn: getConditions, ...inline })

export const useContact = () => useQuery(contactQuery())
export const useConditions = (enabled: boolean) => useQuery({ ...conditionsQuery(), enabled })

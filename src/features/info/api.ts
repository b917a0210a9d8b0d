import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../../api/call'
import { publicLookupEndpoints } from '../../../contract/lookup'

export const infoKeys = {
  all: ['info'] as const,
  contact: () => [...infoKeys.all, 'contact'] as const,
  conditions: () => [...infoKeys.all, 'conditions'] as const,
}

export const getContact = () => call(publicLookupEndpoints.contact)
export const getConditions = () => call(publicLookupEndpoints.conditions)

// Both screens show a failed load inline, so no toast as well.
const inline = { meta: { silent: true } } as const
export const contactQuery = () => queryOptions({ queryKey: infoKeys.contact(), queryFn: getContact, ...inline })
export const conditionsQuery = () => queryOptions({ queryKey: infoKeys.conditions(), queryFn: getConditions, ...inline })

export const useContact = () => useQuery(contactQuery())
export const useConditions = (enabled: boolean) => useQuery({ ...conditionsQuery(), enabled })

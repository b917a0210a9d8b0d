// A second tap while a call is pending sends nothing (docs/design.md, on money calls). A ref, not
// `isPending`, because two taps can land before React re-renders.
import type { MutateOptions, UseMutationResult } from '@tanstack/react-query'
import { useRef } from 'react'

export function useSubmit<TData, TVariables>(
  mutation: UseMutationResult<TData, Error, TVariables>,
): (variables: TVariables, options?: MutateOptions<TData, Error, TVariables>) => void {
  const busy = useRef(false)
  return (variables, options) => {
    if (busy.current) return
    busy.current = true
    mutation.mutate(variables, {
      ...options,
      onSettled: (...args) => {
        busy.current = false
        options?.onSettled?.(...args)
      },
    })
  }
}

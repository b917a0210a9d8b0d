// The screen tests' console.error gate (tests/consoleGate.ts) must be able to say no, and must see
// what React itself reports.
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { consoleProblems, expectConsoleError } from '../consoleGate'

describe("the screen tests' console.error gate", () => {
  it('names an error nobody expected, and an expected one that never came', () => {
    expect(consoleProblems(['Warning: Each child in a list should have a unique "key" prop.'], []))
      .toEqual(['console.error: Warning: Each child in a list should have a unique "key" prop.'])
    expect(consoleProblems([], [/boundary/])).toEqual(['no console.error matched /boundary/, which the test expected'])
    expect(consoleProblems(['The above error occurred in the <Boom> component', 'Another'], [/Boom/])).toEqual(['console.error: Another'])
    expect(consoleProblems(['The above error occurred in the <Boom> component'], [/Boom/])).toEqual([])
  })

  it("catches React's own warning: a list without keys", () => {
    expectConsoleError(/unique "key" prop/)
    render(<ul>{['a', 'b'].map((item) => <li>{item}</li>)}</ul>)
  })
})

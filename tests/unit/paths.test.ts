import { describe, expect, it } from 'vitest'
import { loginWith, registerWith } from '../../contract/lib/paths'

describe('loginWith', () => {
  it('carries the wanted URL', () => {
    expect(loginWith('/user/profile?tab=bank')).toBe('/login?redirect=%2Fuser%2Fprofile%3Ftab%3Dbank')
  })

  it.each(['/', '/user', '/user/', '/user/home', '/user/home/'])('carries nothing for %j: sign-in lands on home anyway', (path) => {
    expect(loginWith(path)).toBe('/login')
  })
})

describe('registerWith', () => {
  it('builds the invite link path of spec 2', () => {
    expect(registerWith('PR5f8d0d55b54764421b7156c9')).toBe('/register?code=PR5f8d0d55b54764421b7156c9')
  })
})

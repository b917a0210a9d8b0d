import { fireEvent, render } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { safeUrl } from '../../src/lib/url'
import { setPlatformForTests, type Platform } from '../../src/platform'
import { loadSanitizer, SafeHtml, sanitizeHtml } from '../../src/ui/SafeHtml'

// DOMPurify arrives as its own chunk with the first server HTML to show; here it is loaded first.
beforeAll(() => loadSanitizer())

describe('sanitizeHtml: server HTML is text and pictures', () => {
  it.each([
    ['a form and its inputs', '<form action="https://evil.example"><input name="password"><button>Go</button><textarea></textarea><select><option>x</option></select></form>', /<(form|input|button|textarea|select|option)\b/i],
    ['an iframe', '<iframe src="https://evil.example"></iframe>', /<iframe/i],
    ['a style attribute', '<p style="position:fixed;inset:0">cover</p>', /style=/i],
    ['a style element', '<style>body{display:none}</style>', /<style/i],
    ['a script', '<script>alert(1)</script><img src="/x.png" onerror="alert(1)">', /<script|onerror/i],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', /javascript:/i],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', /href="data:/i],
  ])('drops %s', (_, html, forbidden) => {
    expect(sanitizeHtml(html)).not.toMatch(forbidden)
  })

  it('keeps text, emphasis, images and http(s) links', () => {
    const clean = sanitizeHtml('<p>ติดต่อ <b>24 ชม.</b> <a href="https://line.me/x">LINE</a> <img src="/qr.png" alt="QR"></p>')
    expect(clean).toContain('<b>24 ชม.</b>')
    expect(clean).toContain('href="https://line.me/x"')
    expect(clean).toContain('src="/qr.png"')
  })
})

describe('SafeHtml links', () => {
  const openExternal = vi.fn()
  beforeEach(() => {
    openExternal.mockReset()
    setPlatformForTests({ openExternal } as unknown as Platform)
  })

  it('open through the platform, not in the webview', () => {
    const { getByRole } = render(<SafeHtml html='<p><a href="https://line.me/R/ti/p/@wallet">add us</a></p>' />)
    const link = getByRole('link', { name: 'add us' })
    const click = new MouseEvent('click', { bubbles: true, cancelable: true })
    link.dispatchEvent(click)
    expect(click.defaultPrevented).toBe(true)
    expect(openExternal).toHaveBeenCalledWith('https://line.me/R/ti/p/@wallet')
  })

  it('a relative link opens as an absolute URL of this origin', () => {
    const { getByRole } = render(<SafeHtml html='<a href="/howto">how</a>' />)
    fireEvent.click(getByRole('link', { name: 'how' }))
    expect(openExternal).toHaveBeenCalledWith(`${window.location.origin}/howto`)
  })
})

describe('safeUrl', () => {
  it.each(['https://line.me/x', 'http://example.com/v.mp4', '/howto/wallet.mp4', ' https://x.example '])('takes %j', (url) => {
    expect(safeUrl(url)).toBe(url.trim())
  })

  it.each(['javascript:alert(1)', 'data:text/html,x', '//evil.example/x', '/\\evil.example', 'ftp://x.example', '', null, undefined, 'not a url'])(
    'refuses %j',
    (url) => {
      expect(safeUrl(url)).toBeUndefined()
    },
  )
})

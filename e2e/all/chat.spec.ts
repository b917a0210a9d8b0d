// The chat on each host (spec 2 "Chat widget"): the member's bubble sits above the bottom menu and
// the safe area, the socket authenticates with the member's token, and an agent's reply arrives
// in real time, under the Content-Security-Policy (the socket's address in connect-src).
import { ENGINES, expect, test } from '../fixtures'
import { agentSays, enableChat, openChat } from '../shared/chat'
import { registerMember, signedIn } from '../walletMembers'

test("a member's chat: the bubble above the menu, a message out and the agent's reply in", ENGINES, async ({ page, open, request, strings }) => {
  await enableChat(request)
  const member = await registerMember(request)
  await signedIn(page, member)
  await open('/user/home')
  const bubble = page.getByTestId('chat-bubble')
  await expect(bubble).toBeVisible()
  const menu = (await page.getByRole('navigation', { name: strings.menu.label }).boundingBox())!
  const box = (await bubble.boundingBox())!
  expect(box.y + box.height).toBeLessThanOrEqual(menu.y)
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width)

  const panel = await openChat(page, strings)
  await expect(panel.getByRole('status').filter({ hasText: strings.chat.online })).toBeVisible()
  const input = panel.getByRole('textbox', { name: strings.chat.placeholder })
  await input.fill('Hello from the member')
  await input.press('Enter')
  await expect(panel.locator('.chat-msg--mine')).toContainText(strings.chat.sent)
  await agentSays(request, { userId: member.id }, { message_type: 'text', payload: 'Hello, how can we help?' })
  await expect(panel.locator('.chat-msg--agent')).toHaveText(/Hello, how can we help\?/)
})

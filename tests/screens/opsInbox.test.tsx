// The chat inbox in the staff console: conversations waiting for an answer, or every open one; one
// opened shows its messages oldest first; a reply is sent once however often it is tapped, the box
// emptied only once it is sent (a refusal keeps it), an empty one is refused unsent; the session is
// ended with the session the staff member sees.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { ChatItem } from '../../contract'
import type { Conversation } from '../../contract/ops'
import { Inbox } from '../../ops/features/chat/Inbox'
import { failing, renderOpsScreen, type OpsCall } from '../renderOpsScreen'

const MEMBER = { id: '123', phone: '081xxxx678', name: 'SOMCHAI TESTER', currency: 'THB' }
const item = (id: string, sender: string, payload: string): ChatItem => ({
  _id: id, sender, message: { message_type: 'text', payload }, createdAt: `2026-12-05T04:0${id}:00.000Z`, session_id: 's1', userId: '123', guestId: null,
})
const CONVERSATION: Conversation = { id: '55', kind: 'member', member: MEMBER, sessionId: 's1', waiting: true, lastMessage: item('2', 'customer', 'still waiting'), customerReadAt: null }
const posts = (calls: OpsCall[], path: string) => calls.filter((call) => call.method === 'POST' && call.path === path).map((call) => call.body)

describe('the chat inbox', () => {
  it('replies once however often it is tapped, keeps the text on a refusal, and ends the session it shows', async () => {
    let answer: ((reply: unknown) => void) | undefined
    const notify = vi.fn()
    const { user, calls } = await renderOpsScreen(<Inbox notify={notify} />, {
      role: 'support',
      api: {
        'GET /ops/api/chat': ({ query }: OpsCall) => ({ conversations: query.state === 'open' ? [CONVERSATION, { ...CONVERSATION, id: '56', waiting: false }] : [CONVERSATION] }),
        'GET /ops/api/chat/:id': { conversation: CONVERSATION, messages: [item('2', 'customer', 'still waiting'), item('1', 'customer', 'my deposit is late')] },
        'POST /ops/api/chat/:id/messages': () => new Promise((resolve) => {
          answer = resolve
        }),
        'POST /ops/api/chat/:id/end': { ...CONVERSATION, sessionId: 's2', waiting: false, lastMessage: null },
      },
    })
    await user.click(await screen.findByRole('button', { name: /SOMCHAI TESTER.*still waiting/ }))
    const open = screen.getByRole('article', { name: 'SOMCHAI TESTER · 081xxxx678' })
    await waitFor(() => expect(within(open).getAllByRole('listitem').map((row) => row.textContent)).toEqual([
      expect.stringMatching(/my deposit is late$/), expect.stringMatching(/still waiting$/),
    ]))
    await user.click(within(open).getByRole('button', { name: 'Send' }))
    expect(within(open).getByRole('alert')).toHaveTextContent('Fill in every field')

    const box = within(open).getByLabelText('Reply')
    await user.type(box, 'Checking your deposit now')
    await user.click(within(open).getByRole('button', { name: 'Send' }))
    await user.click(within(open).getByRole('button', { name: 'Send' }))
    expect(box).toHaveValue('Checking your deposit now')
    answer?.({ ...item('3', 'agent', 'Checking your deposit now'), name: 'Ploy' })
    await waitFor(() => expect(box).toHaveValue(''))
    expect(posts(calls, '/ops/api/chat/55/messages')).toEqual([{ message: { message_type: 'text', payload: 'Checking your deposit now' } }])

    await user.click(within(open).getByRole('button', { name: 'End the conversation' }))
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Conversation ended'))
    expect(posts(calls, '/ops/api/chat/55/end')).toEqual([{ sessionId: 's1' }])

    await user.selectOptions(screen.getByLabelText('Show'), 'open')
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ state: 'open' }))
  })

  it('keeps a reply the server refused', async () => {
    const { user } = await renderOpsScreen(<Inbox notify={vi.fn()} />, {
      role: 'support',
      api: {
        'GET /ops/api/chat': { conversations: [CONVERSATION] },
        'GET /ops/api/chat/:id': { conversation: CONVERSATION, messages: [] },
        'POST /ops/api/chat/:id/messages': failing(403, 'FORBIDDEN_ROLE'),
      },
    })
    await user.click(await screen.findByRole('button', { name: /SOMCHAI TESTER/ }))
    const open = screen.getByRole('article', { name: 'SOMCHAI TESTER · 081xxxx678' })
    await user.type(within(open).getByLabelText('Reply'), 'Hello')
    await user.click(within(open).getByRole('button', { name: 'Send' }))
    expect(await within(open).findByRole('alert')).toHaveTextContent('Your role cannot do this')
    expect(within(open).getByLabelText('Reply')).toHaveValue('Hello')
  })
})

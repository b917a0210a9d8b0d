// Demo mode's support agent (issue 33 §3): the first message of a conversation's session is
// answered a couple of seconds later with a greeting, buttons and quick replies (a few of the
// message types the chat shows), through the path a staff reply takes, recorded as `demo agent`.
// Later messages of that session wait for a person, as they would in production.
import type { Variant } from '../../contract'
import { type Actor, audit } from '../ops/audit'
import { roomsByLastMessage, sessionAnswered } from '../chat/repo'
import { ownerOf, sendAgentMessage } from '../chat/service'
import type { ChatHub } from '../chat/socket'
import type { ServerContext } from '../shared/context'

export const DEMO_AGENT: Actor = { staffId: null, address: 'demo agent' }
/** How long a player waits for the demo agent's first answer. */
export const DEMO_AGENT_DELAY_MS = 2_000

const WORDS: Record<Variant, { hello: string; ask: string; deposit: string; withdraw: string; contact: string; yes: string; no: string; more: string }> = {
  th: { hello: 'สวัสดีค่ะ ทีมงานเดโมยินดีให้บริการ', ask: 'ต้องการให้ช่วยเรื่องไหนคะ', deposit: 'ฝากเงิน', withdraw: 'ถอนเงิน', contact: 'ติดต่อทีมงาน', yes: 'ใช่', no: 'ไม่ใช่', more: 'ต้องการสอบถามเพิ่มเติมไหมคะ' },
  la: { hello: 'ສະບາຍດີ ທີມງານເດໂມຍິນດີໃຫ້ບໍລິການ', ask: 'ຕ້ອງການໃຫ້ຊ່ວຍເລື່ອງໃດ', deposit: 'ຝາກເງິນ', withdraw: 'ຖອນເງິນ', contact: 'ຕິດຕໍ່ທີມງານ', yes: 'ແມ່ນ', no: 'ບໍ່ແມ່ນ', more: 'ຕ້ອງການສອບຖາມເພີ່ມເຕີມບໍ' },
}

/** The demo agent's answer, in the variant's language. */
export function demoAnswer(variant: Variant): { message_type: string; payload: unknown }[] {
  const say = WORDS[variant]
  return [
    { message_type: 'text', payload: say.hello },
    {
      message_type: 'buttons',
      payload: {
        text: say.ask,
        buttons: [
          { title: say.deposit, type: 'postback', payload: 'DEPOSIT' },
          { title: say.withdraw, type: 'postback', payload: 'WITHDRAW' },
          { title: say.contact, type: 'web', payload: 'https://line.me/' },
        ],
      },
    },
    { message_type: 'quick_replies', payload: { text: say.more, quick_replies: [{ title: say.yes, type: 'postback', payload: 'YES' }, { title: say.no, type: 'postback', payload: 'NO' }] } },
  ]
}

/** One pass: every conversation whose session's first message has waited long enough is answered. */
export async function demoAgentPass(ctx: ServerContext, hub: ChatHub): Promise<number> {
  const now = ctx.now()
  let answered = 0
  for (const { room, last } of await roomsByLastMessage(ctx.db, { waiting: true, limit: 50 })) {
    if (Date.parse(last.createdAt) > now - DEMO_AGENT_DELAY_MS || (await sessionAnswered(ctx.db, room))) continue
    const owned = await ownerOf(ctx, room)
    if (!owned) continue
    const { owner, member } = owned
    for (const message of demoAnswer(ctx.config.current.variant)) {
      await sendAgentMessage(ctx, hub, owner, message, {
        onSent: (trx, sent) => audit(trx, DEMO_AGENT, ctx.now(), {
          action: 'chat.reply', item: `chat:${room.id}`, memberId: member?.id, after: { type: message.message_type, messageId: sent.item._id },
        }),
      })
    }
    answered += 1
  }
  return answered
}

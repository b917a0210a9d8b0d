// Thai and Lao have no spaces between words: a browser breaks a line wherever its dictionary sees
// two words, and so cut compounds a player reads as one ("ขั้น / ต่ำ ฿2.00", "โปรโม / ชั่น",
// "ປົດ / ລັອກດ່ວນ", issue 51). In the locale files these are written with a WORD JOINER (U+2060,
// `\u2060` in the JSON) between their parts, which the line breaker never breaks at and which
// shows as nothing. tests/unit/i18n.test.ts refuses a string that has one of them unjoined.
import type { Language } from './language'

export const WORD_JOINER = '\u2060'

/** The compounds kept on one line, longest first where one holds another. */
export const UNBROKEN: Partial<Record<Language, readonly string[]>> = {
  th: ['ขั้นต่ำ', 'ต่ำกว่า', 'โปรโมชั่น', 'ปลดล็อกด่วน', 'ปลดล็อก', 'ติดต่อเรา', 'รายวัน', 'รายสัปดาห์', 'รายเดือน'],
  la: ['ຢ່າງໜ້ອຍ', 'ຂັ້ນຕ່ຳ', 'ຕ່ຳກວ່າ', 'ຕ່ຳສຸດ', 'ໂປຣໂມຊັນ', 'ປົດລັອກດ່ວນ', 'ປົດລັອກ', 'ຕິດຕໍ່ພວກເຮົາ'],
}

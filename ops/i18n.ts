// The console's words in Thai and English (issue 33: staff read Thai or English). Small enough to
// be one table; the player's app's catalogue (src/i18n) stays out of this bundle.
import { useSyncExternalStore } from 'react'
// Only these sections of the player's catalogue: the build keeps the named parts a module uses.
import { slipReasons as enReasons } from '../src/i18n/locales/en.json'
import { slipReasons as thReasons } from '../src/i18n/locales/th.json'

export type Language = 'th' | 'en'

const words = {
  title: { th: 'คอนโซลพนักงาน', en: 'Staff console' },
  language: { th: 'ภาษา', en: 'Language' },
  username: { th: 'ชื่อผู้ใช้', en: 'Username' },
  password: { th: 'รหัสผ่าน', en: 'Password' },
  signIn: { th: 'เข้าสู่ระบบ', en: 'Sign in' },
  signOut: { th: 'ออกจากระบบ', en: 'Sign out' },
  signedInAs: { th: 'เข้าสู่ระบบเป็น {name} ({role})', en: 'Signed in as {name} ({role})' },
  role_support: { th: 'ฝ่ายบริการ', en: 'support' },
  role_cashier: { th: 'แคชเชียร์', en: 'cashier' },
  role_admin: { th: 'ผู้ดูแล', en: 'admin' },
  slips: { th: 'สลิปรอตรวจ', en: 'Slips to read' },
  withdrawals: { th: 'รายการถอนรอจ่าย', en: 'Withdrawals to pay' },
  audit: { th: 'บันทึกการทำงาน', en: 'Audit trail' },
  books: { th: 'ตรวจบัญชี', en: 'Books' },
  loading: { th: 'กำลังโหลด…', en: 'Loading…' },
  refresh: { th: 'รีเฟรช', en: 'Refresh' },
  emptySlips: { th: 'ไม่มีสลิปรอตรวจ', en: 'No slips waiting' },
  emptyWithdrawals: { th: 'ไม่มีรายการถอนรอจ่าย', en: 'No withdrawals waiting' },
  emptyAudit: { th: 'ยังไม่มีบันทึก', en: 'Nothing recorded yet' },
  member: { th: 'สมาชิก', en: 'Member' },
  sentAt: { th: 'ส่งเมื่อ', en: 'Sent' },
  kind_slip: { th: 'สลิป', en: 'Slip' },
  kind_truelink: { th: 'ซองของขวัญ TrueMoney', en: 'TrueMoney gift link' },
  giftLink: { th: 'ลิงก์ซองของขวัญ', en: 'Gift link' },
  slipImage: { th: 'รูปสลิปของ {name}', en: 'Slip of {name}' },
  noImage: { th: 'ไม่มีรูป', en: 'No image' },
  amount: { th: 'จำนวนเงิน ({currency})', en: 'Amount ({currency})' },
  refNo: { th: 'เลขอ้างอิงธนาคาร (ถ้ามี)', en: 'Bank reference (if any)' },
  approve: { th: 'อนุมัติ', en: 'Approve' },
  reject: { th: 'ปฏิเสธ', en: 'Reject' },
  reason: { th: 'เหตุผล', en: 'Reason' },
  approved: { th: 'อนุมัติ {reference} แล้ว', en: '{reference} approved' },
  rejected: { th: 'ปฏิเสธ {reference} แล้ว', en: '{reference} rejected' },
  payTo: { th: 'โอนไปที่', en: 'Pay to' },
  status_requested: { th: 'รอจ่าย', en: 'waiting' },
  status_review: { th: 'รอตรวจ (เพิ่งเปลี่ยนบัญชี)', en: 'review (bank account just changed)' },
  bankReference: { th: 'เลขอ้างอิงการโอน', en: 'Bank transfer reference' },
  markPaid: { th: 'จ่ายแล้ว', en: 'Mark paid' },
  failReason: { th: 'เหตุผลที่จ่ายไม่ได้', en: 'Why it could not be paid' },
  markFailed: { th: 'จ่ายไม่ได้ (คืนเงินเข้ากระเป๋า)', en: 'Failed (money back to wallet)' },
  paid: { th: 'บันทึกการจ่าย #{id} แล้ว', en: 'Withdrawal #{id} marked paid' },
  failed: { th: 'คืนเงินรายการ #{id} แล้ว', en: 'Withdrawal #{id} failed, money returned' },
  copy: { th: 'คัดลอก', en: 'Copy' },
  copied: { th: 'คัดลอกแล้ว', en: 'Copied' },
  who: { th: 'ใคร', en: 'Who' },
  what: { th: 'ทำอะไร', en: 'What' },
  item: { th: 'รายการ', en: 'Item' },
  when: { th: 'เมื่อ', en: 'When' },
  address: { th: 'ที่อยู่ IP', en: 'Address' },
  change: { th: 'การเปลี่ยนแปลง', en: 'Change' },
  system: { th: 'ระบบ', en: 'system' },
  older: { th: 'เก่ากว่านี้', en: 'Older' },
  booksBalanced: { th: 'บัญชีถูกต้อง', en: 'The books balance' },
  booksWrong: { th: 'บัญชีไม่ถูกต้อง: ดูรายละเอียด', en: 'The books do not balance: see the details' },
  dayBook: { th: 'สรุปรายวัน', en: "The day's book" },
  day: { th: 'วันที่', en: 'Day' },
  dayBookZone: { th: 'วันตามเวลา {zone}', en: 'Days in {zone} time' },
  dayBookEmpty: { th: 'ไม่มีรายการในวันนี้', en: 'Nothing moved that day' },
  line: { th: 'รายการ', en: 'Line' },
  count: { th: 'จำนวนครั้ง', en: 'Count' },
  amountOnly: { th: 'จำนวนเงิน', en: 'Amount' },
  deposit_qrcode: { th: 'ฝากผ่าน QR', en: 'Deposits by QR' },
  deposit_slip: { th: 'ฝากด้วยสลิป', en: 'Deposits by slip' },
  deposit_truelink: { th: 'ฝากด้วยซองของขวัญ TrueMoney', en: 'Deposits by TrueMoney gift link' },
  deposit_other: { th: 'ฝากช่องทางอื่น ({method})', en: 'Other deposits ({method})' },
  deposit_unnamed: { th: 'ฝากช่องทางอื่น', en: 'Other deposits' },
  kind_withdraw: { th: 'คำขอถอน (พักไว้จนจ่าย)', en: 'Withdrawals asked for (held until paid)' },
  paidOut: { th: 'ถอนที่จ่ายแล้ว', en: 'Withdrawals paid' },
  paidFailed: { th: 'ถอนที่ไม่สำเร็จ (คืนกระเป๋า)', en: 'Withdrawals failed (back in the wallet)' },
  reward_bonus: { th: 'โบนัส', en: 'Bonuses' },
  reward_cashback: { th: 'คืนยอดเสีย', en: 'Cashback' },
  reward_invite: { th: 'ค่าแนะนำเพื่อน', en: 'Invite payouts' },
  reward_wheel: { th: 'รางวัลวงล้อ', en: 'Wheel prizes' },
  gameIn: { th: 'เข้าเกม {game}', en: 'Into {game}' },
  gameOut: { th: 'ออกจากเกม {game}', en: 'Out of {game}' },
  movementKind: { th: 'รายการอื่น: {kind}', en: 'Other: {kind}' },
  net: { th: 'สุทธิ (ฝาก − ถอนที่จ่าย)', en: 'Net (deposits − paid withdrawals)' },
  heldWallets: { th: 'ยอดในกระเป๋าสมาชิก ณ สิ้นวัน', en: "Held in members' wallets at the close" },
  heldGames: { th: 'ยอดในเกม ณ สิ้นวัน', en: 'Held in games at the close' },
  downloadCsv: { th: 'ดาวน์โหลด CSV', en: 'Download CSV' },
  live: { th: 'อัปเดตอัตโนมัติ', en: 'Live' },
  offline: { th: 'ออฟไลน์ กำลังเชื่อมต่อใหม่…', en: 'Offline, reconnecting…' },
  error_WRONG_CREDENTIAL: { th: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง', en: 'Wrong username or password' },
  error_INACTIVE_USER: { th: 'บัญชีนี้ถูกปิดใช้งาน', en: 'This account is deactivated' },
  error_REQUEST_LIMIT: { th: 'ลองหลายครั้งเกินไป กรุณารอ {seconds} วินาที', en: 'Too many tries: wait {seconds} s' },
  error_ALREADY_DECIDED: { th: 'รายการนี้มีคนตัดสินไปแล้ว', en: 'Someone decided this one already' },
  error_FORBIDDEN_ROLE: { th: 'บทบาทของคุณทำสิ่งนี้ไม่ได้', en: 'Your role cannot do this' },
  error_KEY_INVALID: { th: 'ข้อมูลไม่ถูกต้อง', en: 'Something in the form is not valid' },
  error_KEY_MISSING: { th: 'กรอกข้อมูลให้ครบ', en: 'Fill in every field' },
  error_NO_DATA: { th: 'ไม่พบรายการนี้', en: 'Not found' },
  error_EXPIRED_AUTH_TOKEN: { th: 'หมดเวลาเข้าสู่ระบบ กรุณาเข้าสู่ระบบใหม่', en: 'Your session ended: sign in again' },
  error_network: { th: 'เชื่อมต่อไม่ได้ ลองอีกครั้ง', en: 'Could not reach the server: try again' },
  error_other: { th: 'เกิดข้อผิดพลาด ({code})', en: 'Something went wrong ({code})' },
  staff: { th: 'พนักงาน', en: 'Staff' },
  name: { th: 'ชื่อ', en: 'Name' },
  role: { th: 'บทบาท', en: 'Role' },
  roleOf: { th: 'บทบาทของ {name}', en: 'Role of {name}' },
  access: { th: 'การเข้าใช้', en: 'Access' },
  actions: { th: 'การทำงาน', en: 'Actions' },
  you: { th: 'คุณ', en: 'you' },
  activate: { th: 'เปิดใช้งาน', en: 'Turn on' },
  deactivate: { th: 'ปิดใช้งาน', en: 'Turn off' },
  endSessions: { th: 'ออกจากระบบทุกเครื่อง', en: 'End sessions' },
  sessionsEnded: { th: 'ออกจากระบบทุกเครื่องของ {name} แล้ว', en: 'Every session of {name} ended' },
  addStaff: { th: 'เพิ่มพนักงาน', en: 'Add staff' },
  staffAdded: { th: 'เพิ่ม {name} แล้ว', en: '{name} added' },
  saved: { th: 'บันทึกแล้ว', en: 'Saved' },
  usernameInvalid: { th: 'ชื่อผู้ใช้ 3–32 ตัว: a–z 0–9 . - _', en: 'A username is 3 to 32 of a–z, 0–9, . - _' },
  passwordShort: { th: 'รหัสผ่านอย่างน้อย {length} ตัว', en: 'At least {length} characters' },
  error_LAST_ADMIN: { th: 'ต้องมีผู้ดูแลที่ใช้งานอยู่อย่างน้อยหนึ่งคน', en: 'At least one active admin must remain' },
  error_STAFF_EXISTS: { th: 'ชื่อผู้ใช้นี้มีแล้ว', en: 'That username is taken' },
  error_PASSWORD_TOO_SHORT: { th: 'รหัสผ่านสั้นเกินไป', en: 'The password is too short' },
  inbox: { th: 'แชต', en: 'Chat inbox' },
  show: { th: 'แสดง', en: 'Show' },
  inboxWaiting: { th: 'รอตอบ', en: 'Waiting for an answer' },
  inboxOpen: { th: 'ทั้งหมดที่เปิดอยู่', en: 'Every open conversation' },
  emptyInbox: { th: 'ไม่มีแชตรอตอบ', en: 'No conversation waiting' },
  guest: { th: 'ผู้เยี่ยมชม', en: 'Guest' },
  messages: { th: 'ข้อความ', en: 'Messages' },
  player: { th: 'ลูกค้า', en: 'Player' },
  staffSide: { th: 'ทีมงาน', en: 'Staff' },
  reply: { th: 'ตอบกลับ', en: 'Reply' },
  send: { th: 'ส่ง', en: 'Send' },
  endConversation: { th: 'จบการสนทนา', en: 'End the conversation' },
  sessionEnded: { th: 'จบการสนทนาแล้ว', en: 'Conversation ended' },
  members: { th: 'ค้นหาสมาชิก', en: 'Members' },
  searchMembers: { th: 'เบอร์โทร (เต็มหรือ 4 ตัวท้าย) เลขบัญชีเต็ม หรือรหัสสมาชิก', en: 'Phone (or its last 4 digits), whole bank account or member id' },
  search: { th: 'ค้นหา', en: 'Search' },
  searchInvalid: { th: 'ใส่ตัวเลขเท่านั้น', en: 'Digits only' },
  noMembers: { th: 'ไม่พบสมาชิก', en: 'No member found' },
  inactive: { th: 'ปิดใช้งาน', en: 'inactive' },
  since: { th: 'สมัครเมื่อ {date}', en: 'member since {date}' },
  withdrawalsWaiting: { th: 'มีรายการถอนรอจ่าย {count} รายการ', en: '{count} withdrawals waiting' },
  lastMovements: { th: 'รายการล่าสุด', en: 'Last movements' },
  claimed: { th: 'สมาชิกแจ้งยอด {amount}: อนุมัติตามยอดที่เห็นในสลิปเท่านั้น', en: 'The member says {amount}: approve only what the slip shows' },
  amountInvalid: { th: 'ใส่จำนวนเงินที่มากกว่า 0 ทศนิยมไม่เกิน 2 ตำแหน่ง', en: 'Enter an amount above 0 with at most 2 decimals' },
  referenceInvalid: { th: 'ตัวอักษร ตัวเลข หรือขีด ไม่เกิน 64 ตัว', en: 'Letters, digits or dashes, up to 64' },
  // Issue 47: the second factor, passwords, resets, the four-eyes rule.
  security: { th: 'ความปลอดภัย', en: 'Security' },
  totpCode: { th: 'รหัส 6 หลักจากแอปยืนยันตัวตน', en: 'Six-digit code from your authenticator app' },
  totpCodeHint: { th: 'เปิดแอปยืนยันตัวตนแล้วใส่รหัสที่แสดงอยู่ตอนนี้', en: 'Open your authenticator app and type the code it shows now' },
  codeInvalid: { th: 'ใส่รหัสตัวเลข 6 หลัก', en: 'Type the six digits' },
  totpTitle: { th: 'ตั้งค่ารหัสยืนยันสองขั้นตอน', en: 'Set up your sign-in code' },
  totpTextAdmin: { th: 'ผู้ดูแลต้องใช้รหัสจากแอปยืนยันตัวตนทุกครั้งที่เข้าสู่ระบบ นอกจากรหัสผ่าน', en: 'Admins sign in with a code from an authenticator app as well as the password.' },
  totpTextEveryone: { th: 'ผู้ให้บริการกำหนดให้พนักงานทุกคนใช้รหัสจากแอปยืนยันตัวตนทุกครั้งที่เข้าสู่ระบบ', en: 'Your operator asks every staff member to sign in with a code from an authenticator app.' },
  totpStepApp: { th: 'ติดตั้งแอปยืนยันตัวตนในมือถือ (เช่น Google Authenticator หรือ Microsoft Authenticator)', en: 'Install an authenticator app on your phone (Google Authenticator or Microsoft Authenticator, for example).' },
  totpStepScan: { th: 'สแกนคิวอาร์โค้ดนี้ด้วยแอป หรือพิมพ์รหัสลับด้านล่าง', en: 'Scan this QR code with the app, or type the secret below.' },
  totpStepCode: { th: 'ใส่รหัส 6 หลักที่แอปแสดง', en: 'Type the six-digit code the app shows.' },
  totpQr: { th: 'คิวอาร์โค้ดสำหรับแอปยืนยันตัวตน', en: 'QR code for your authenticator app' },
  totpSecret: { th: 'รหัสลับ:', en: 'Secret:' },
  totpConfirm: { th: 'ยืนยันและเริ่มใช้งาน', en: 'Confirm and continue' },
  totpOn: { th: 'คุณเข้าสู่ระบบด้วยรหัสผ่านและรหัสจากแอปยืนยันตัวตน', en: 'You sign in with your password and a code from your authenticator app.' },
  totpOff: { th: 'คุณเข้าสู่ระบบด้วยรหัสผ่านอย่างเดียว', en: 'You sign in with your password only.' },
  retry: { th: 'ลองอีกครั้ง', en: 'Try again' },
  cancel: { th: 'ยกเลิก', en: 'Cancel' },
  setupPasswordTitle: { th: 'ตั้งรหัสผ่านใหม่ของคุณ', en: 'Choose your own password' },
  setupPasswordText: { th: 'ผู้ดูแลรีเซ็ตการเข้าสู่ระบบของคุณ ตั้งรหัสผ่านใหม่ก่อนเริ่มงาน', en: 'An admin reset your sign-in: choose your own password before you start.' },
  currentPassword: { th: 'รหัสผ่านปัจจุบัน', en: 'Current password' },
  newPassword: { th: 'รหัสผ่านใหม่', en: 'New password' },
  newPasswordAgain: { th: 'ยืนยันรหัสผ่านใหม่', en: 'New password again' },
  passwordsDiffer: { th: 'รหัสผ่านใหม่ทั้งสองช่องไม่ตรงกัน', en: 'The two new passwords differ' },
  changePassword: { th: 'เปลี่ยนรหัสผ่าน', en: 'Change password' },
  passwordChanged: { th: 'เปลี่ยนรหัสผ่านแล้ว เครื่องอื่นออกจากระบบแล้ว', en: 'Password changed: your other sessions ended' },
  signInWith: { th: 'เข้าสู่ระบบด้วย', en: 'Signs in with' },
  withCode: { th: 'รหัสผ่าน + รหัสจากแอป', en: 'password + code' },
  passwordOnly: { th: 'รหัสผ่าน', en: 'password' },
  mustChangePassword: { th: 'ต้องตั้งรหัสผ่านใหม่', en: 'must choose a password' },
  mustSetUpCode: { th: 'ต้องตั้งค่ารหัสจากแอป', en: 'must set up a code' },
  resetSignIn: { th: 'รีเซ็ตการเข้าสู่ระบบ', en: 'Reset sign-in' },
  resetSignInOf: { th: 'รีเซ็ตการเข้าสู่ระบบของ {name}', en: 'Reset the sign-in of {name}' },
  resetSignInText: { th: 'ตั้งรหัสผ่านชั่วคราวแล้วแจ้งเจ้าตัวทางช่องทางอื่น เขาจะออกจากระบบทุกเครื่อง รหัสจากแอปจะถูกลบ และต้องตั้งรหัสผ่านของตัวเองเมื่อเข้าสู่ระบบครั้งถัดไป', en: 'Give a temporary password and tell them another way. Their sessions end, their code is removed, and they choose their own password at the next sign-in.' },
  temporaryPassword: { th: 'รหัสผ่านชั่วคราว', en: 'Temporary password' },
  signInReset: { th: 'รีเซ็ตการเข้าสู่ระบบของ {name} แล้ว', en: 'The sign-in of {name} was reset' },
  awaitingSecondShort: { th: 'รอคนที่สองยืนยัน', en: 'Waiting for a second person' },
  awaitingSecond: { th: '{reference}: ยอดเกินเกณฑ์ รอพนักงานอีกคนยืนยัน', en: '{reference}: above the threshold, waiting for another staff member to confirm' },
  approvedFirstBy: { th: '{name} อนุมัติ {amount} เมื่อ {when}', en: '{name} decided {amount} at {when}' },
  awaitingSomeoneElse: { th: 'พนักงานคนอื่นต้องเป็นผู้ยืนยัน', en: 'Someone else must confirm it' },
  confirmSecond: { th: 'ยืนยัน {amount}', en: 'Confirm {amount}' },
  error_TOTP_REQUIRED: { th: 'ใส่รหัสจากแอปยืนยันตัวตน', en: 'Type the code from your authenticator app' },
  error_SETUP_REQUIRED: { th: 'ตั้งค่าการเข้าสู่ระบบให้เสร็จก่อน', en: 'Finish setting up your sign-in first' },
  error_WRONG_CODE: { th: 'รหัสไม่ถูกต้อง ลองรหัสที่แอปแสดงตอนนี้', en: 'That code is not right: type the one the app shows now' },
  error_TOTP_ENABLED: { th: 'ตั้งค่ารหัสจากแอปไว้แล้ว', en: 'Your code is set up already' },
  error_WRONG_PASSWORD: { th: 'รหัสผ่านปัจจุบันไม่ถูกต้อง', en: 'The current password is not right' },
  error_PASSWORD_UNCHANGED: { th: 'รหัสผ่านใหม่ต้องไม่ซ้ำรหัสเดิม', en: 'The new password must differ from the old one' },
  error_SAME_APPROVER: { th: 'คุณอนุมัติรายการนี้แล้ว พนักงานคนอื่นต้องเป็นผู้ยืนยัน', en: 'You decided this one: someone else must confirm it' },
  error_DUTY_SEPARATION: { th: 'คุณเพิ่งทำรายการฝาก/ถอนของสมาชิกคนนี้ ให้พนักงานคนอื่นทำรายการนี้', en: "You handled this member's money the other way lately: another staff member must do this" },
} as const

export type WordKey = keyof typeof words

export const hasWord = (key: string): key is WordKey => key in words

const STORAGE_KEY = 'ops-language'
let language: Language = (localStorage.getItem(STORAGE_KEY) as Language | null) ?? (navigator.language.startsWith('th') ? 'th' : 'en')
const listeners = new Set<() => void>()

export function setLanguage(next: Language): void {
  language = next
  localStorage.setItem(STORAGE_KEY, next)
  document.documentElement.lang = next
  listeners.forEach((listener) => listener())
}
document.documentElement.lang = language

/** The word in the current language, `{name}` parts filled. */
export function say(key: WordKey, values: Record<string, string | number> = {}): string {
  return words[key][language].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''))
}

/** A spec 8 slip reason in staff's words, as the player reads it. */
export const slipReason = (code: string): string => ((language === 'th' ? thReasons : enReasons) as Record<string, string>)[code] ?? code

/** Re-renders the caller when the language changes; answers it. */
export function useLanguage(): Language {
  return useSyncExternalStore((listener) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }, () => language)
}

export const currentLanguage = (): Language => language

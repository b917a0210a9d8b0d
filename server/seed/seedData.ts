import type { Variant } from '../../contract'
import type { InLanguages, Language } from '../../contract/lib/language'
import type { ContentMap } from '../lookup/repo'
import type { BonusOffer } from '../bonus/bonuses'

/** First-start data: every lookup the screens of this issue need, and the demo member. */

/** [code, nameTH (local name), nameEN] */
export const thaiBanks: readonly [string, string, string][] = [
  ['KBANK', 'กสิกรไทย', 'Kasikornbank'],
  ['SCB', 'ไทยพาณิชย์', 'Siam Commercial Bank'],
  ['KTB', 'กรุงไทย', 'Krungthai Bank'],
  ['BBL', 'กรุงเทพ', 'Bangkok Bank'],
  ['TMB', 'ทหารไทยธนชาต', 'TMBThanachart Bank'],
  ['BAY', 'กรุงศรีอยุธยา', 'Bank of Ayudhya (Krungsri)'],
  ['GSB', 'ออมสิน', 'Government Savings Bank'],
  ['BAAC', 'ธ.ก.ส.', 'Bank for Agriculture and Agricultural Cooperatives'],
  ['GHB', 'อาคารสงเคราะห์', 'Government Housing Bank'],
  ['CIMB', 'ซีไอเอ็มบี ไทย', 'CIMB Thai Bank'],
  ['UOB', 'ยูโอบี', 'United Overseas Bank (Thai)'],
  ['KKP', 'เกียรตินาคินภัทร', 'Kiatnakin Phatra Bank'],
  ['TISCO', 'ทิสโก้', 'TISCO Bank'],
  ['LHB', 'แลนด์ แอนด์ เฮ้าส์', 'Land and Houses Bank'],
  ['ICBC', 'ไอซีบีซี (ไทย)', 'ICBC (Thai)'],
  ['TCRB', 'ไทยเครดิต', 'Thai Credit Bank'],
  ['IBANK', 'อิสลามแห่งประเทศไทย', 'Islamic Bank of Thailand'],
]

/** Lao banks, listed first in the Lao variant; nameTH holds the Lao name. */
export const laoBanks: readonly [string, string, string][] = [
  ['BCEL', 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ', 'Banque Pour Le Commerce Exterieur Lao'],
  ['LDB', 'ທະນາຄານພັດທະນາລາວ', 'Lao Development Bank'],
  ['APB', 'ທະນາຄານສົ່ງເສີມກະສິກຳ', 'Agricultural Promotion Bank'],
  ['JDB', 'ທະນາຄານຮ່ວມພັດທະນາ', 'Joint Development Bank'],
]

/** A seeded text in each language (issue 51): a player reads it in the app's language. */
const three = (th: string, la: string, en: string): Partial<Record<Language, string>> => ({ th, la, en })

/** Discovery sources: [code, name]; the same list in every variant. Brands keep their Latin names in English. */
const sources: readonly [string, InLanguages][] = [
  ['FACEBOOK', three('เฟซบุ๊ก', 'ເຟສບຸກ', 'Facebook')],
  ['LINE', three('ไลน์', 'ໄລນ໌', 'LINE')],
  ['TIKTOK', three('ติ๊กต็อก', 'ຕິກຕອກ', 'TikTok')],
  ['YOUTUBE', three('ยูทูบ', 'ຢູທູບ', 'YouTube')],
  ['GOOGLE', three('กูเกิล', 'ກູໂກ', 'Google')],
  ['FRIEND', three('เพื่อนแนะนำ', 'ໝູ່ແນະນຳ', 'A friend')],
  ['OTHER', three('อื่น ๆ', 'ອື່ນໆ', 'Other')],
]

/** The contact page's text, in each language: production keeps it unless CONTACT gives its own. It
 *  names LINE only: the chat is the operator's to turn on (APP_CONFIG `chat`), and where it is on,
 *  the page offers it by itself. */
const contactText = three(
  '<p>ติดต่อทีมงานได้ตลอด <b>24 ชั่วโมง</b> ทางไลน์</p>',
  '<p>ຕິດຕໍ່ທີມງານໄດ້ຕະຫຼອດ <b>24 ຊົ່ວໂມງ</b> ທາງໄລນ໌</p>',
  '<p>Our team answers <b>24 hours a day</b> on LINE</p>',
)

/** The contact text seeded before: it promised a chat on the page, which a server without one
 *  (the demo's, and any operator's who has not turned it on) does not have. */
export const contactTextPromisingChat = three(
  '<p>ติดต่อทีมงานได้ตลอด <b>24 ชั่วโมง</b> ทางไลน์ หรือแชทกับแอดมินได้ที่หน้านี้</p>',
  '<p>ຕິດຕໍ່ທີມງານໄດ້ຕະຫຼອດ <b>24 ຊົ່ວໂມງ</b> ທາງໄລນ໌ ຫຼື ແຊັດກັບແອັດມິນໄດ້ທີ່ໜ້ານີ້</p>',
  '<p>Our team answers <b>24 hours a day</b> on LINE, or chat with an agent on this page</p>',
)

/**
 * Withdrawal limits per money, minor units (issue 27): ฿100 to ฿50,000 a time, and about the same
 * in kip (₭60,000 to ₭30,000,000; a baht is about 600 kip).
 */
export const withdrawLimits = {
  THB: { withdrawMinMinor: 100_00, withdrawMaxMinor: 50_000_00 },
  LAK: { withdrawMinMinor: 60_000_00, withdrawMaxMinor: 30_000_000_00 },
} as const

/** How long the demo says a withdrawal takes to reach the bank (issue 51 §2); production says
 *  nothing unless its operator sets `payoutMinutes` in WITHDRAW_LIMITS. */
export const demoPayoutMinutes = 15

/** What every mode seeds: texts and rules with no payment destination in them. */
export type SharedContent = Omit<ContentMap, 'contact' | 'info' | 'refundInfo'>

const depositCondition = three(
  '<p><b>การฝากเงิน</b> ระบบจะเติมเงินเข้ากระเป๋าภายใน 1 นาที กรุณาอัปโหลดสลิปภายใน 1 ชั่วโมงหลังโอน</p>',
  '<p><b>ການຝາກເງິນ</b> ລະບົບຈະເຕີມເງິນເຂົ້າກະເປົາພາຍໃນ 1 ນາທີ ກະລຸນາອັບໂຫຼດສະລິບພາຍໃນ 1 ຊົ່ວໂມງຫຼັງໂອນ</p>',
  '<p><b>Deposits</b> reach your wallet within 1 minute. Please upload the slip within 1 hour of the transfer</p>',
)
const bonusCondition = three(
  '<p><b>โบนัส</b> ต้องทำยอดเทิร์นโอเวอร์ตามเงื่อนไขของโปรโมชันก่อนถอนเงิน หากรับโบนัสอยู่ การถอนต้องถอนยอดทั้งหมด</p>',
  '<p><b>ໂບນັດ</b> ຕ້ອງເຮັດຍອດເທີນໂອເວີຕາມເງື່ອນໄຂຂອງໂປຣໂມຊັນກ່ອນຖອນເງິນ ຖ້າຮັບໂບນັດຢູ່ ການຖອນຕ້ອງຖອນຍອດທັງໝົດ</p>',
  "<p><b>Bonuses</b> need the promotion's turnover played before a withdrawal. While a bonus is held, a withdrawal takes the whole balance</p>",
)

const thaiContent: SharedContent = {
  conditions: [
    depositCondition,
    bonusCondition,
    three(
      '<p><b>การถอนเงิน</b> ถอนขั้นต่ำ 100 บาท สูงสุด 50,000 บาทต่อครั้ง เข้าบัญชีที่ลงทะเบียนไว้เท่านั้น</p>',
      '<p><b>ການຖອນເງິນ</b> ຖອນຂັ້ນຕ່ຳ 100 ບາດ ສູງສຸດ 50,000 ບາດຕໍ່ຄັ້ງ ເຂົ້າບັນຊີທີ່ລົງທະບຽນໄວ້ເທົ່ານັ້ນ</p>',
      '<p><b>Withdrawals</b> are from ฿100 to ฿50,000 a time, to your registered account only</p>',
    ),
  ],
  agreements: [
    three(
      '<p><b>ข้อตกลงการใช้งาน</b> ผู้ใช้ต้องมีอายุ 18 ปีขึ้นไป และใช้บัญชีธนาคารชื่อเดียวกับที่สมัครเท่านั้น</p>',
      '<p><b>ຂໍ້ຕົກລົງການນຳໃຊ້</b> ຜູ້ໃຊ້ຕ້ອງມີອາຍຸ 18 ປີຂຶ້ນໄປ ແລະ ໃຊ້ບັນຊີທະນາຄານຊື່ດຽວກັບທີ່ສະໝັກເທົ່ານັ້ນ</p>',
      '<p><b>Terms of use</b> Players must be 18 or older and use a bank account in the name they registered with</p>',
    ),
    three(
      '<p><b>ความเป็นส่วนตัว</b> เราเก็บเบอร์โทรศัพท์และข้อมูลบัญชีธนาคารเพื่อการฝากถอนเท่านั้น และไม่เปิดเผยต่อบุคคลอื่น</p>',
      '<p><b>ຄວາມເປັນສ່ວນຕົວ</b> ພວກເຮົາເກັບເບີໂທ ແລະ ຂໍ້ມູນບັນຊີທະນາຄານເພື່ອການຝາກຖອນເທົ່ານັ້ນ ແລະ ບໍ່ເປີດເຜີຍຕໍ່ບຸກຄົນອື່ນ</p>',
      '<p><b>Privacy</b> We keep your phone number and bank account for deposits and withdrawals only, and share them with no one</p>',
    ),
  ],
  withdrawLimits,
  notice: three(
    'ยกเลิกโบนัสได้เมื่อยอดเงินคงเหลือต่ำกว่า {percentFail}% ของยอดฝากรวมโบนัส กรุณาโยกเงินทั้งหมดกลับเข้ากระเป๋าหลักก่อนยกเลิก',
    'ຍົກເລີກໂບນັດໄດ້ເມື່ອຍອດເງິນຄົງເຫຼືອຕ່ຳກວ່າ {percentFail}% ຂອງຍອດຝາກລວມໂບນັດ ກະລຸນາໂອນເງິນທັງໝົດກັບເຂົ້າກະເປົາຫຼັກກ່ອນຍົກເລີກ',
    'A bonus can be cancelled while your balance is below {percentFail}% of the deposit plus the bonus. Move all your money back to the main wallet before you cancel',
  ),
  slipWindow: { closedFrom: '23:00', closedTo: '00:30' },
  inviteBanners: [
    {
      image: '/banners/invite.svg',
      html: three(
        '<p><b>ชวนเพื่อนมาเล่น</b> ส่งลิงก์ชวนเพื่อนของคุณ เพื่อนที่สมัครผ่านลิงก์จะอยู่ในรายชื่อเพื่อนที่คุณชวน</p>',
        '<p><b>ຊວນໝູ່ມາຫຼິ້ນ</b> ສົ່ງລິ້ງຊວນໝູ່ຂອງທ່ານ ໝູ່ທີ່ສະໝັກຜ່ານລິ້ງຈະຢູ່ໃນລາຍຊື່ໝູ່ທີ່ທ່ານຊວນ</p>',
        '<p><b>Invite your friends</b> Send them your invite link: friends who register through it appear in your list of friends invited</p>',
      ),
    },
  ],
  refundBanners: [],
}

/** The demo's LINE contact and site (demo, dev and test only): its QR image is served by the reference server in those modes. */
export const demoContact = (): Pick<ContentMap, 'contact' | 'info'> => ({
  contact: {
    contactText,
    lineLink: 'https://line.me/R/ti/p/@wallet-demo',
    lineName: '@wallet-demo',
    lineQR: '/line-qr.png',
  },
  info: { name: 'Wallet', website: 'https://wallet-demo.example' },
})

/** The demo's accounts shown in the deposit modal (demo, dev and test only); `variant` null means every variant. */
export const depositAccounts = [
  { bankCode: 'KBANK', bankType: 'AUTO', mode: 'AUTO', accountName: 'WALLET DEMO CO LTD', accountNo: '0481234567', currency: 'THB', variant: null },
  { bankCode: 'SCB', bankType: 'BANK', mode: 'MANUAL', accountName: 'WALLET DEMO CO LTD', accountNo: '4071234567', currency: 'THB', variant: null },
  { bankCode: 'BCEL', bankType: 'BANK', mode: 'MANUAL', accountName: 'WALLET DEMO LAO', accountNo: '0101234567890', currency: 'LAK', variant: 'la' },
] as const

export const walletAccounts = [{ accountName: 'WALLET DEMO', accountNo: '0891234567', mode: 'AUTO' }] as const

export const demoMember = {
  id: 123,
  phone: '0812345678',
  password: 'demo1234',
  name: 'DEMO PLAYER',
  bankCode: 'KBANK',
  bankAccountNo: '1234567890',
  bankAccountName: 'DEMO PLAYER',
  currency: 'THB',
  sourceCode: 'FRIEND',
  startingBalanceMinor: 1_500_00,
} as const

/** The Lao variant's: the same texts, but its withdrawal rule names no baht amounts (kip members' differ). */
const laoContent: SharedContent = {
  ...thaiContent,
  conditions: [
    depositCondition,
    bonusCondition,
    three(
      '<p><b>การถอนเงิน</b> ถอนเข้าบัญชีที่ลงทะเบียนไว้เท่านั้น</p>',
      '<p><b>ການຖອນເງິນ</b> ຖອນເຂົ້າບັນຊີທີ່ລົງທະບຽນໄວ້ເທົ່ານັ້ນ</p>',
      '<p><b>Withdrawals</b> go to your registered account only</p>',
    ),
  ],
}

/** Discovery sources, each in every language. */
export const sourcesFor = (): readonly [string, InLanguages][] => sources

/** Conditions, agreements, notice and banners, each in every language. */
export const contentFor = (variant: Variant): SharedContent => (variant === 'la' ? laoContent : thaiContent)

/** How the lost-bet refund works (the refund check's `info`), in each language: seeded once as
 *  content an operator may rewrite. */
const refundInfo = three(
  '<p>คืนยอดเสียจะเข้ามารอให้กดรับหลังสรุปยอดของแต่ละรอบ กดรับเข้ากระเป๋าได้เมื่อไม่มีโบนัสค้างอยู่ หากรับโบนัสอยู่ การกดรับจะไม่สำเร็จจนกว่าโบนัสจะสิ้นสุด</p>',
  '<p>ເງິນຄືນຍອດເສຍຈະເຂົ້າມາລໍຖ້າໃຫ້ກົດຮັບຫຼັງສະຫຼຸບຍອດຂອງແຕ່ລະຮອບ ກົດຮັບເຂົ້າກະເປົາໄດ້ເມື່ອບໍ່ມີໂບນັດຄ້າງຢູ່ ຖ້າຮັບໂບນັດຢູ່ ການກົດຮັບຈະບໍ່ສຳເລັດຈົນກວ່າໂບນັດຈະສິ້ນສຸດ</p>',
  '<p>The refund of lost bets waits here to be received after each period is counted. It can be moved to the wallet while no bonus is held: while one is, receiving it is refused until the bonus ends</p>',
)
export const refundInfoFor = (): InLanguages => refundInfo

/** The contact page's text, in each language. */
export const contactTextFor = (): InLanguages => contactText

/**
 * The reference server's offers (bonus/bonuses.ts): three bonus cards, one per type, and one
 * promotion code. Names, descriptions and banners in every language (issue 51); caps in minor units of each
 * money (baht, and about the same in kip). The operator changes them through `POST /dev/bonuses` (dev and test modes)
 * or directly in the `bonuses` table.
 */
const bonusOffers = (names: { promoText: InLanguages; html: [InLanguages, InLanguages, InLanguages] }): BonusOffer[] => [
  {
    code: 'WELCOME100', kind: 'bonus', name: three('โบนัสต้อนรับ 100%', 'ໂບນັດຕ້ອນຮັບ 100%', 'Welcome bonus 100%'), type: 'limit', maxReceived: 1, percent: 100,
    maxBonusMinor: { THB: 500_00, LAK: 300_000_00 }, turnoverMultiplier: 3, percentFail: 10, sort: 0,
    banners: [{ image: '/banners/bonus-welcome.svg', html: names.html[0] }],
  },
  {
    code: 'DAILY10', kind: 'bonus', name: three('โบนัสรายวัน 10%', 'ໂບນັດປະຈຳວັນ 10%', 'Daily bonus 10%'), type: 'day', maxReceived: 1, percent: 10,
    maxBonusMinor: { THB: 300_00, LAK: 180_000_00 }, turnoverMultiplier: 2, percentFail: 10, sort: 1,
    banners: [{ image: '/banners/bonus-daily.svg', html: names.html[1] }],
  },
  {
    code: 'WEEKLY20', kind: 'bonus', name: three('โบนัสรายสัปดาห์ 20%', 'ໂບນັດປະຈຳອາທິດ 20%', 'Weekly bonus 20%'), type: 'week', maxReceived: 2, percent: 20,
    maxBonusMinor: { THB: 1_000_00, LAK: 600_000_00 }, turnoverMultiplier: 5, percentFail: 5, sort: 2,
    banners: [{ image: '/banners/bonus-weekly.svg', html: names.html[2] }],
  },
  {
    code: 'NEWYEAR50', kind: 'promotion', name: three('โปรปีใหม่ 50%', 'ໂປຣປີໃໝ່ 50%', 'New Year promotion 50%'), description: names.promoText,
    type: 'limit', maxReceived: 1, percent: 50, maxBonusMinor: { THB: 200_00, LAK: 120_000_00 }, turnoverMultiplier: 2, percentFail: 20, sort: 3,
  },
]

const thaiOffers = bonusOffers({
  promoText: three(
    'รับโบนัส 50% ของยอดในกระเป๋า สูงสุด 200 บาท ทำเทิร์น 2 เท่า',
    'ຮັບໂບນັດ 50% ຂອງຍອດໃນກະເປົາ ສູງສຸດ 200 ບາດ ທຳເທີນ 2 ເທົ່າ',
    'A 50% bonus on your wallet, up to ฿200, with 2x turnover',
  ),
  html: [
    three(
      '<p><b>สมาชิกใหม่รับโบนัส 100%</b> ของยอดในกระเป๋า สูงสุด 500 บาท ทำเทิร์น 3 เท่าของยอดฝากรวมโบนัส</p>',
      '<p><b>ສະມາຊິກໃໝ່ຮັບໂບນັດ 100%</b> ຂອງຍອດໃນກະເປົາ ສູງສຸດ 500 ບາດ ທຳເທີນ 3 ເທົ່າຂອງຍອດຝາກລວມໂບນັດ</p>',
      '<p><b>New members get a 100% bonus</b> on their wallet, up to ฿500, with 3x turnover of the deposit plus the bonus</p>',
    ),
    three(
      '<p><b>รับได้วันละ 1 ครั้ง</b> โบนัส 10% สูงสุด 300 บาท ทำเทิร์น 2 เท่า</p>',
      '<p><b>ຮັບໄດ້ວັນລະ 1 ຄັ້ງ</b> ໂບນັດ 10% ສູງສຸດ 300 ບາດ ທຳເທີນ 2 ເທົ່າ</p>',
      '<p><b>Once a day</b> a 10% bonus, up to ฿300, with 2x turnover</p>',
    ),
    three(
      '<p><b>รับได้สัปดาห์ละ 2 ครั้ง</b> โบนัส 20% สูงสุด 1,000 บาท ทำเทิร์น 5 เท่า</p>',
      '<p><b>ຮັບໄດ້ອາທິດລະ 2 ຄັ້ງ</b> ໂບນັດ 20% ສູງສຸດ 1,000 ບາດ ທຳເທີນ 5 ເທົ່າ</p>',
      '<p><b>Twice a week</b> a 20% bonus, up to ฿1,000, with 5x turnover</p>',
    ),
  ],
})

const laoOffers = bonusOffers({
  promoText: three(
    'รับโบนัส 50% ของยอดในกระเป๋า สูงสุด 200 บาท หรือ 120,000 กีบ ทำเทิร์น 2 เท่า',
    'ຮັບໂບນັດ 50% ຂອງຍອດໃນກະເປົາ ສູງສຸດ 200 ບາດ ຫຼື 120,000 ກີບ ທຳເທີນ 2 ເທົ່າ',
    'A 50% bonus on your wallet, up to ฿200 or ₭120,000, with 2x turnover',
  ),
  html: [
    three(
      '<p><b>สมาชิกใหม่รับโบนัส 100%</b> ของยอดในกระเป๋า สูงสุด 500 บาท หรือ 300,000 กีบ ทำเทิร์น 3 เท่าของยอดฝากรวมโบนัส</p>',
      '<p><b>ສະມາຊິກໃໝ່ຮັບໂບນັດ 100%</b> ຂອງຍອດໃນກະເປົາ ສູງສຸດ 500 ບາດ ຫຼື 300,000 ກີບ ທຳເທີນ 3 ເທົ່າຂອງຍອດຝາກລວມໂບນັດ</p>',
      '<p><b>New members get a 100% bonus</b> on their wallet, up to ฿500 or ₭300,000, with 3x turnover of the deposit plus the bonus</p>',
    ),
    three(
      '<p><b>รับได้วันละ 1 ครั้ง</b> โบนัส 10% สูงสุด 300 บาท หรือ 180,000 กีบ ทำเทิร์น 2 เท่า</p>',
      '<p><b>ຮັບໄດ້ວັນລະ 1 ຄັ້ງ</b> ໂບນັດ 10% ສູງສຸດ 300 ບາດ ຫຼື 180,000 ກີບ ທຳເທີນ 2 ເທົ່າ</p>',
      '<p><b>Once a day</b> a 10% bonus, up to ฿300 or ₭180,000, with 2x turnover</p>',
    ),
    three(
      '<p><b>รับได้สัปดาห์ละ 2 ครั้ง</b> โบนัส 20% สูงสุด 1,000 บาท หรือ 600,000 กีบ ทำเทิร์น 5 เท่า</p>',
      '<p><b>ຮັບໄດ້ອາທິດລະ 2 ຄັ້ງ</b> ໂບນັດ 20% ສູງສຸດ 1,000 ບາດ ຫຼື 600,000 ກີບ ທຳເທີນ 5 ເທົ່າ</p>',
      '<p><b>Twice a week</b> a 20% bonus, up to ฿1,000 or ₭600,000, with 5x turnover</p>',
    ),
  ],
})

export const offersFor = (variant: Variant): BonusOffer[] => (variant === 'la' ? laoOffers : thaiOffers)

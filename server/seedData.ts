import type { Variant } from '../src/api/types'
import type { ContentMap } from './lookup/store'

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

const thaiSources: readonly [string, string][] = [
  ['FACEBOOK', 'เฟซบุ๊ก'],
  ['LINE', 'ไลน์'],
  ['TIKTOK', 'ติ๊กต็อก'],
  ['YOUTUBE', 'ยูทูบ'],
  ['GOOGLE', 'กูเกิล'],
  ['FRIEND', 'เพื่อนแนะนำ'],
  ['OTHER', 'อื่น ๆ'],
]

const thaiContent: ContentMap = {
  contact: {
    contactText:
      '<p>ติดต่อทีมงานได้ตลอด <b>24 ชั่วโมง</b> ทางไลน์ หรือแชทกับแอดมินได้ที่หน้านี้</p>',
    lineLink: 'https://line.me/R/ti/p/@wallet-demo',
    lineName: '@wallet-demo',
    lineQR: '/line-qr.png',
  },
  info: { name: 'Wallet', website: 'https://wallet-demo.example' },
  conditions: [
    '<p><b>การฝากเงิน</b> ระบบจะเติมเงินเข้ากระเป๋าภายใน 1 นาที กรุณาอัปโหลดสลิปภายใน 1 ชั่วโมงหลังโอน</p>',
    '<p><b>โบนัส</b> ต้องทำยอดเทิร์นโอเวอร์ตามเงื่อนไขของโปรโมชันก่อนถอนเงิน หากรับโบนัสอยู่ การถอนต้องถอนยอดทั้งหมด</p>',
    '<p><b>การถอนเงิน</b> ถอนขั้นต่ำ 100 บาท สูงสุด 50,000 บาทต่อครั้ง เข้าบัญชีที่ลงทะเบียนไว้เท่านั้น</p>',
  ],
  agreements: [
    '<p><b>ข้อตกลงการใช้งาน</b> ผู้ใช้ต้องมีอายุ 18 ปีขึ้นไป และใช้บัญชีธนาคารชื่อเดียวกับที่สมัครเท่านั้น</p>',
    '<p><b>ความเป็นส่วนตัว</b> เราเก็บเบอร์โทรศัพท์และข้อมูลบัญชีธนาคารเพื่อการฝากถอนเท่านั้น และไม่เปิดเผยต่อบุคคลอื่น</p>',
  ],
  withdrawLimits: { withdrawMinMinor: 100_00, withdrawMaxMinor: 50_000_00 },
  notice:
    'ยกเลิกโบนัสได้เมื่อยอดเงินคงเหลือต่ำกว่า {percentFail}% ของยอดฝากรวมโบนัส กรุณาย้ายเงินทั้งหมดกลับเข้ากระเป๋าหลักก่อนยกเลิก',
  slipWindow: { closedFrom: '23:00', closedTo: '00:30' },
  inviteBanners: [
    { image: '/banners/invite.svg', html: '<p><b>ชวนเพื่อนมาเล่น</b> ส่งลิงก์ชวนเพื่อนของคุณ เพื่อนที่สมัครผ่านลิงก์จะอยู่ในรายชื่อเพื่อนที่คุณชวน</p>' },
  ],
  refundBanners: [],
}

/** Operator accounts shown in the deposit modal; `variant` null means every variant. */
export const depositAccounts = [
  { bankCode: 'KBANK', bankType: 'AUTO', mode: 'AUTO', accountName: 'WALLET DEMO CO LTD', accountNo: '0481234567', currency: 'THB', variant: null },
  { bankCode: 'SCB', bankType: 'BANK', mode: 'MANUAL', accountName: 'WALLET DEMO CO LTD', accountNo: '4071234567', currency: 'THB', variant: null },
  { bankCode: 'BCEL', bankType: 'BANK', mode: 'MANUAL', accountName: 'WALLET DEMO LAO', accountNo: '0101234567890', currency: 'LAK', variant: 'la' },
] as const

export const walletAccounts = [{ accountName: 'WALLET DEMO', mode: 'AUTO' }] as const

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

const laoSources: readonly [string, string][] = [
  ['FACEBOOK', 'ເຟສບຸກ'],
  ['LINE', 'ໄລນ໌'],
  ['TIKTOK', 'ຕິກຕອກ'],
  ['YOUTUBE', 'ຢູທູບ'],
  ['GOOGLE', 'ກູໂກ'],
  ['FRIEND', 'ໝູ່ແນະນຳ'],
  ['OTHER', 'ອື່ນໆ'],
]

const laoContent: ContentMap = {
  ...thaiContent,
  contact: {
    ...thaiContent.contact,
    contactText: '<p>ຕິດຕໍ່ທີມງານໄດ້ຕະຫຼອດ <b>24 ຊົ່ວໂມງ</b> ທາງໄລນ໌ ຫຼື ແຊັດກັບແອັດມິນໄດ້ທີ່ໜ້ານີ້</p>',
  },
  conditions: [
    '<p><b>ການຝາກເງິນ</b> ລະບົບຈະເຕີມເງິນເຂົ້າກະເປົາພາຍໃນ 1 ນາທີ ກະລຸນາອັບໂຫຼດສະລິບພາຍໃນ 1 ຊົ່ວໂມງຫຼັງໂອນ</p>',
    '<p><b>ໂບນັດ</b> ຕ້ອງເຮັດຍອດເທີນໂອເວີຕາມເງື່ອນໄຂຂອງໂປຣໂມຊັນກ່ອນຖອນເງິນ ຖ້າຮັບໂບນັດຢູ່ ການຖອນຕ້ອງຖອນຍອດທັງໝົດ</p>',
    '<p><b>ການຖອນເງິນ</b> ຖອນເຂົ້າບັນຊີທີ່ລົງທະບຽນໄວ້ເທົ່ານັ້ນ</p>',
  ],
  agreements: [
    '<p><b>ຂໍ້ຕົກລົງການນຳໃຊ້</b> ຜູ້ໃຊ້ຕ້ອງມີອາຍຸ 18 ປີຂຶ້ນໄປ ແລະ ໃຊ້ບັນຊີທະນາຄານຊື່ດຽວກັບທີ່ສະໝັກເທົ່ານັ້ນ</p>',
    '<p><b>ຄວາມເປັນສ່ວນຕົວ</b> ພວກເຮົາເກັບເບີໂທ ແລະ ຂໍ້ມູນບັນຊີທະນາຄານເພື່ອການຝາກຖອນເທົ່ານັ້ນ ແລະ ບໍ່ເປີດເຜີຍຕໍ່ບຸກຄົນອື່ນ</p>',
  ],
  inviteBanners: [
    { image: '/banners/invite.svg', html: '<p><b>ຊວນໝູ່ມາຫຼິ້ນ</b> ສົ່ງລິ້ງຊວນໝູ່ຂອງທ່ານ ໝູ່ທີ່ສະໝັກຜ່ານລິ້ງຈະຢູ່ໃນລາຍຊື່ໝູ່ທີ່ທ່ານຊວນ</p>' },
  ],
  notice:
    'ຍົກເລີກໂບນັດໄດ້ເມື່ອຍອດເງິນຄົງເຫຼືອຕ່ຳກວ່າ {percentFail}% ຂອງຍອດຝາກລວມໂບນັດ ກະລຸນາຍ້າຍເງິນທັງໝົດກັບເຂົ້າກະເປົາຫຼັກກ່ອນຍົກເລີກ',
}

/** Discovery sources in the variant's language. */
export const sourcesFor = (variant: Variant): readonly [string, string][] => (variant === 'la' ? laoSources : thaiSources)

/** Contact text, conditions, agreements and notice in the variant's language. */
export const contentFor = (variant: Variant): ContentMap => (variant === 'la' ? laoContent : thaiContent)

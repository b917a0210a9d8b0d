// What logs and staff see of a member's numbers: enough to tell them apart, not enough to use.

/** `0812345678` -> `08xxxxx678`. */
export const maskPhone = (phone: string): string =>
  phone.length <= 5 ? 'x'.repeat(phone.length) : `${phone.slice(0, 2)}${'x'.repeat(phone.length - 5)}${phone.slice(-3)}`

/** All but the last 4 characters as `x`, the length kept; a number of 4 or fewer is masked whole. */
export const maskAccountNo = (accountNo: string): string =>
  accountNo.length > 4 ? 'x'.repeat(accountNo.length - 4) + accountNo.slice(-4) : 'x'.repeat(accountNo.length)

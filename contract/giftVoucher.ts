// The TrueMoney gift voucher's one rule, shared by the app (which reads it out of what the player
// pastes or scans) and the server (which refuses any other as TRUELINK_INVALID): letters and
// digits, 10 to 64 of them. No TypeBox here, so the app may import it.

/** The voucher as a regular-expression source, without anchors: `v=<voucher>` in the link. */
export const GIFT_VOUCHER = '[0-9A-Za-z]{10,64}'

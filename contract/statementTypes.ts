// Spec 8's statement types, the one list (issue 53 §4): the statement's schema is built from it
// (statement.ts), the app's rows read it (src/features/statement/rows.ts), and errorCodes.ts names
// it among the catalogue's codes. A module of its own, so what imports the list takes nothing else.

/** Statement types (spec 3, 4 and 8). */
export const statementTypes = ['deposit', 'bonus', 'finish_bonus', 'withdraw', 'transfer'] as const

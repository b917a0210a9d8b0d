// `npm run staff -- add <username> <role>` (issue 33): makes a staff member of the operator
// console in the database the server uses (DATABASE_URL, else DATA_DIR's SQLite file), migrated
// first. The password is read from OPS_STAFF_PASSWORD, else from the first line of standard input,
// so it never stands in the shell's history: `read -rs PW && OPS_STAFF_PASSWORD=$PW npm run staff -- add ana cashier`.
// Roles: support, cashier, admin. Recorded in the audit trail as done from the command line.
import { createInterface } from 'node:readline'
import { OPS_PASSWORD_MIN_LENGTH, staffRoles, type StaffRole } from '../contract/ops'
import { createPasswordHasher } from '../server/auth/passwords'
import { migrate, openDatabase } from '../server/shared/db'
import { Refusal } from '../server/shared/http/errors'
import { addStaff } from '../server/ops/staff'

const [command, username, role] = process.argv.slice(2)
const usage = `usage: npm run staff -- add <username> <${staffRoles.join('|')}>  (password from OPS_STAFF_PASSWORD or standard input)`

async function readPassword(): Promise<string> {
  if (process.env.OPS_STAFF_PASSWORD) return process.env.OPS_STAFF_PASSWORD
  if (process.stdin.isTTY) process.stderr.write('Password: ')
  const lines = createInterface({ input: process.stdin })
  for await (const line of lines) {
    lines.close()
    return line
  }
  return ''
}

if (command !== 'add' || !username || !staffRoles.includes(role as StaffRole)) {
  console.error(usage)
  process.exit(2)
}
const password = await readPassword()
const db = openDatabase({ dataDir: process.env.DATA_DIR || '.data/', databaseUrl: process.env.DATABASE_URL || undefined })
try {
  await migrate(db)
  const staff = await addStaff({ db, passwords: createPasswordHasher(), now: Date.now }, { username, name: username, role: role as StaffRole, password }, { staffId: null, address: 'command line' })
  console.log(`staff ${staff.username} (${staff.role}) made`)
} catch (error) {
  if (!(error instanceof Refusal)) throw error
  console.error({
    STAFF_EXISTS: `${username} is taken`,
    KEY_INVALID: 'a username is 3 to 32 lower-case letters, digits, dots, dashes or underscores',
    PASSWORD_TOO_SHORT: `a staff password is at least ${OPS_PASSWORD_MIN_LENGTH} characters`,
  }[error.code as string] ?? error.code)
  process.exitCode = 1
} finally {
  await db.destroy()
}

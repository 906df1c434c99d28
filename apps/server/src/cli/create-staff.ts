import { createStaffSchema, type CreateStaffInput, type CreateStaffResult } from '@portal/contracts/staff';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db/client.ts';
import { createStaff as createStaffRoute } from '@portal/contracts/routes';
import { createOrPromoteStaff } from '../modules/staff/index.ts';
import { callRunningPortal, CliError } from './operator-client.ts';
import type { CliCommand } from './command.ts';
import { passwordProblem } from '../platform/auth/password-policy.ts';

const USAGE = 'Usage: npm run portal -- create-staff <email> [--password <password>] [--name <name>] [--role admin|agent]';

/**
 * `create-staff <email>`: makes a staff account (or promotes an existing one). With PostgreSQL (DATABASE_URL) it
 * writes directly; with the embedded database it asks the running portal through its operator endpoint.
 */
export const createStaffCommand: CliCommand = {
  usage: 'create-staff <email> [options]',
  summary: 'Create a staff account or make a user staff (--password <p>, --name <n>, --role admin|agent; admin by default)',
  async run(args) {
    const input = parseArgs(args);
    if (!input) {
      console.error(USAGE);
      return 2;
    }
    const checked = createStaffSchema.safeParse(input);
    if (!checked.success) {
      console.error(checked.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('\n'));
      return 2;
    }
    const passwordRefused = checked.data.password === undefined ? null : passwordProblem(checked.data.password);
    if (passwordRefused) {
      console.error(`password: ${passwordRefused}`);
      return 2;
    }
    try {
      const config = loadConfig();
      const result = config.DATABASE_URL
        ? await createDirectly(config.DATABASE_URL, checked.data)
        : await callRunningPortal(config, createStaffRoute, checked.data);
      console.log(describe(result, Boolean(checked.data.password)));
      return 0;
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      console.error(error.message);
      return 1;
    }
  },
};

function parseArgs(args: string[]): CreateStaffInput | null {
  const [email, ...rest] = args;
  if (!email || email.startsWith('--')) return null;
  const input: CreateStaffInput = { email };
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, value] = [rest[i], rest[i + 1]];
    if (value === undefined) return null;
    if (flag === '--password') input.password = value;
    else if (flag === '--name') input.name = value;
    else if (flag === '--role') input.role = value as CreateStaffInput['role'];
    else return null;
  }
  return input;
}

async function createDirectly(url: string, input: CreateStaffInput): Promise<CreateStaffResult> {
  const database = await openDatabase({ url });
  try {
    return await createOrPromoteStaff(database.db, input, new Date());
  } finally {
    await database.close();
  }
}

function describe(result: CreateStaffResult, passwordGiven: boolean): string {
  const lines = [result.created ? `Created staff account ${result.email} (${result.role}).` : `${result.email} is now staff (${result.role}).`];
  if (passwordGiven) lines.push('Its password is the one given.');
  if (result.temporaryPassword) {
    lines.push(`Password (shown only this once): ${result.temporaryPassword}`);
  }
  return lines.join('\n');
}

/**
 * `npm run portal -- <command> [args]`: operator commands. Each command lives in its own file and is listed here.
 * With the embedded database they talk to the running server over its loopback operator endpoint (never opening
 * the same data directory behind its back); with DATABASE_URL they may connect directly.
 */
import { importCommand } from './import.ts';
import { createStaffCommand } from './create-staff.ts';
import { backupCommand, restoreCommand } from './backup.ts';
import { migrateCommand } from './migrate.ts';
import { seedScaleCommand } from './seed-scale.ts';
import type { CliCommand } from './command.ts';

const commands: Record<string, CliCommand> = {
  import: importCommand,
  'create-staff': createStaffCommand,
  backup: backupCommand,
  restore: restoreCommand,
  migrate: migrateCommand,
  'seed-scale': seedScaleCommand,
};

async function main(argv: string[]) {
  const [name, ...args] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.log('Usage: npm run portal -- <command>\n\nCommands:');
    for (const c of Object.values(commands)) console.log(`  ${c.usage.padEnd(36)} ${c.summary}`);
    return name ? 2 : 0;
  }
  return command.run(args);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);

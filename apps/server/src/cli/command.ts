/** An operator command of `npm run portal` (portal.ts lists them): its usage line, what it does, and how it runs. */
export interface CliCommand {
  usage: string;
  summary: string;
  /** The process's exit code: 0 done, 1 failed, 2 bad arguments. */
  run(args: string[]): Promise<number>;
}

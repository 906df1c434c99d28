/**
 * Failed sign-ins per account (by the e-mail address tried) in a fixed window, whatever the client address: the
 * per-address limit alone lets many addresses guess one account's password together. Kept per instance, like the
 * other limits. Unknown addresses count alike, so the limit says nothing about which addresses have accounts.
 */
export class SignInFailures {
  private readonly windows = new Map<string, { failures: number; endsAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxAccounts = 100_000,
  ) {}

  /** Whether this account has used up its failures for the current window. */
  exhausted(account: string): boolean {
    const window = this.current(account);
    return window !== undefined && window.failures >= this.max;
  }

  record(account: string): void {
    const window = this.current(account);
    if (window) {
      window.failures += 1;
      return;
    }
    // Oldest first: the map keeps insertion order, so the first entry is the one to give up when full.
    if (this.windows.size >= this.maxAccounts) this.windows.delete(this.windows.keys().next().value!);
    this.windows.set(account, { failures: 1, endsAt: this.now() + this.windowMs });
  }

  private current(account: string) {
    const window = this.windows.get(account);
    if (window && window.endsAt <= this.now()) {
      this.windows.delete(account);
      return undefined;
    }
    return window;
  }
}

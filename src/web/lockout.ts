/**
 * Lockout after repeated failed sign-ins or wrong tokens: the rate limit slows guessing, the lockout
 * stops it. A sign-in is keyed three ways (src/web/signIn.ts): a name at one client (five tries, for
 * typos), the client against any names, and the name from any clients (each with more room), so neither
 * a spread of addresses against one account nor one address against many accounts gets far, and
 * nobody locks a supervisor out from one client by mistyping her name on purpose.
 */

export interface LockoutOptions {
  /** Failures in a row before the key is locked. */
  maxFailures: number;
  /** How long a locked key stays locked (ms). */
  lockMs: number;
  /** The wall clock (ms); injected for tests. */
  now?: () => number;
}

/** Five tries: enough for typos, too few for guessing. A quarter hour: long enough to call security. */
export const DEFAULT_LOCKOUT: LockoutOptions = { maxFailures: 5, lockMs: 15 * 60_000 };

export class Lockout {
  private readonly failures = new Map<string, { count: number; until: number }>();
  private readonly now: () => number;

  constructor(private readonly options: LockoutOptions = DEFAULT_LOCKOUT) {
    this.now = options.now ?? Date.now;
  }

  /** Failures in a row that lock a key unless a caller says otherwise. */
  get maxFailures(): number {
    return this.options.maxFailures;
  }

  /** Milliseconds until `key` may try again, or 0. */
  lockedFor(key: string): number {
    const f = this.failures.get(key);
    if (!f) return 0;
    const left = f.until - this.now();
    return left > 0 ? left : 0;
  }

  /** A failure for `key`; at `maxFailures` in a row (default: the options') the key is locked. */
  fail(key: string, maxFailures = this.options.maxFailures): void {
    const f = this.failures.get(key) ?? { count: 0, until: 0 };
    f.count += 1;
    if (f.count >= maxFailures) {
      f.until = this.now() + this.options.lockMs;
      f.count = 0;
    }
    this.failures.set(key, f);
    // Bounded memory: a flood of new keys drops the oldest.
    if (this.failures.size > 10_000) this.failures.delete(this.failures.keys().next().value as string);
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }
}

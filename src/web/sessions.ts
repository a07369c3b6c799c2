/**
 * Supervisor sessions: a random id in an httpOnly, SameSite=Strict cookie, kept in memory only (a
 * restart signs everyone out, which is safe), each expiring after a shift.
 */
import { randomBytes } from "node:crypto";

export const SESSION_COOKIE = "feltguard_session";

export interface Session {
  name: string;
  expires: number;
}

export class Sessions {
  private readonly byId = new Map<string, Session>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  create(name: string): { id: string; maxAgeS: number } {
    const id = randomBytes(32).toString("base64url");
    this.byId.set(id, { name, expires: this.now() + this.ttlMs });
    return { id, maxAgeS: Math.floor(this.ttlMs / 1000) };
  }

  /** The session's supervisor, or null for a missing, unknown or expired id. */
  get(id: string | undefined): Session | null {
    if (id === undefined) return null;
    const s = this.byId.get(id);
    if (!s) return null;
    if (s.expires <= this.now()) {
      this.byId.delete(id);
      return null;
    }
    return s;
  }

  end(id: string | undefined): void {
    if (id !== undefined) this.byId.delete(id);
  }

  /** Signs a removed supervisor out everywhere. */
  endFor(name: string): void {
    for (const [id, s] of this.byId) if (s.name === name) this.byId.delete(id);
  }
}

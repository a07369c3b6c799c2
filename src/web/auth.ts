/** The floor token: rulings and hole-card views need it. Compared in constant time. */
import { createHash, timingSafeEqual } from "node:crypto";

/** The configured token's minimum length, which the environment's must meet too. */
export const MIN_TOKEN = 8;

/**
 * Where the shared token comes from: the environment wins over the configuration. It is for the
 * simulator and development; a live table's floor signs in by name (src/web/supervisors.ts).
 */
export function floorToken(configured: string | undefined, env = process.env): string | undefined {
  const fromEnv = env.FELTGUARD_FLOOR_TOKEN;
  if (fromEnv !== undefined && fromEnv !== "" && fromEnv.length < MIN_TOKEN) {
    throw new Error(`FELTGUARD_FLOOR_TOKEN must have at least ${MIN_TOKEN} characters`);
  }
  return fromEnv !== undefined && fromEnv !== "" ? fromEnv : configured;
}

/** Checks presented tokens against the configured one; without a token nothing is authorized. */
export class FloorAuth {
  private readonly digest: Buffer | null;

  constructor(token: string | undefined) {
    this.digest = token === undefined || token === "" ? null : sha256(token);
  }

  /** Whether a token is configured at all. */
  get enabled(): boolean {
    return this.digest !== null;
  }

  /** Whether `presented` is the token. Digests of equal length make the comparison's time independent of it. */
  check(presented: string | undefined): boolean {
    if (this.digest === null || presented === undefined) return false;
    return timingSafeEqual(sha256(presented), this.digest);
  }
}

/** The token of an `Authorization: Bearer <token>` header. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1];
}

function sha256(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

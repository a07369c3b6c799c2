/**
 * Signed floor requests over MQTT. The broker's access rules decide who may publish on a table's
 * `rulings` topic, but a topic is not an identity: the table checks the supervisor itself. Each
 * supervisor has a secret key (HMAC-SHA256) in a keys file that the floor server and the tables share
 * (mode 0600, like the table key); the file also says at which tables the supervisor may rule. A request
 * carries its body as text (what was signed, byte for byte), the table id, a random nonce and the wall
 * time: a request for another table, an old one or one seen before is refused, so a captured request
 * cannot be played again.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { z } from "zod";

/**
 * A supervisor's name, as src/web/supervisors.ts spells it (kept here so that the feed does not import
 * the web folder, which imports the feed).
 */
const SupervisorName = z
  .string()
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,39}$/u, "letters, digits, space . _ -, up to 40 characters");

/**
 * How far a request's wall time may be from the table's: the room's machines keep NTP time to well
 * under a second, and a request crosses the broker in milliseconds; 30 s is slack for a slow link, and
 * short enough that the nonces to remember stay few.
 */
export const MAX_SKEW_MS = 30_000;

const KeysFile = z.strictObject({
  supervisors: z.array(
    z.strictObject({
      name: SupervisorName,
      /** The secret, base64, at least 32 bytes. */
      key: z
        .string()
        .refine((k) => Buffer.from(k, "base64").length >= 32, "a base64 key of at least 32 bytes"),
      /** Table ids the supervisor may rule at; "*" for every table. */
      tables: z.array(z.string().min(1)).min(1),
    }),
  ),
});
type KeysFile = z.infer<typeof KeysFile>;

export class RulingKeysError extends Error {}

/** The supervisors' ruling keys and rights. */
export class RulingKeys {
  private constructor(private readonly data: KeysFile) {}

  /** Reads the keys file; a bad file names the file, the path in it and what was expected. */
  static load(path: string): RulingKeys {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(path, "utf8"));
    } catch (e) {
      throw new RulingKeysError(`${path}: cannot read the ruling keys (${(e as Error).message})`);
    }
    return RulingKeys.from(raw, path);
  }

  static from(raw: unknown, where = "ruling keys"): RulingKeys {
    const parsed = KeysFile.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new RulingKeysError(
        `${where}: ${issue?.path.join(".") || "(top)"}: ${issue?.message ?? "invalid"}; expected { supervisors: [{ name, key, tables }] }`,
      );
    }
    return new RulingKeys(parsed.data);
  }

  /** A fresh key for a keys file entry. */
  static newKey(): string {
    return randomBytes(32).toString("base64");
  }

  key(name: string): Buffer | null {
    const s = this.data.supervisors.find((e) => e.name === name);
    return s === undefined ? null : Buffer.from(s.key, "base64");
  }

  /** Whether the supervisor may rule at this table. */
  mayRule(name: string, table: string): boolean {
    const s = this.data.supervisors.find((e) => e.name === name);
    return s !== undefined && (s.tables.includes("*") || s.tables.includes(table));
  }
}

/** The body a supervisor signs: the table, who, a nonce, when, and the floor operation (without t/kind/by/wall). */
export const RulingBody = z.strictObject({
  table: z.string().min(1),
  by: SupervisorName,
  nonce: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  wall: z.iso.datetime(),
  op: z.looseObject({ op: z.string().min(1).max(20) }),
});
export type RulingBody = z.infer<typeof RulingBody>;

/** The message on the `rulings` topic. */
export const SignedRuling = z.strictObject({
  body: z.string().max(4096),
  sig: z.string().regex(/^[0-9a-f]{64}$/),
});
export type SignedRuling = z.infer<typeof SignedRuling>;

const mac = (key: Buffer, text: string) => createHmac("sha256", key).update(text).digest();

/** Signs a floor operation for a table as `by` (the floor server does this after the supervisor signed in). */
export function signRuling(
  key: Buffer,
  table: string,
  by: string,
  op: Record<string, unknown> & { op: string },
  wall: Date,
): SignedRuling {
  const body = JSON.stringify({
    table,
    by,
    nonce: randomBytes(16).toString("base64url"),
    wall: wall.toISOString(),
    op,
  });
  return { body, sig: mac(key, body).toString("hex") };
}

export type Verdict = { ok: true; body: RulingBody } | { ok: false; reason: string; nonce?: string };

/** Checks signed requests for one table, remembering the nonces of the last MAX_SKEW_MS either way. */
export class RulingVerifier {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly table: string,
    private readonly keys: RulingKeys,
    private readonly now: () => number = Date.now,
  ) {}

  verify(message: unknown): Verdict {
    const signed = SignedRuling.safeParse(message);
    if (!signed.success) return { ok: false, reason: "not a signed request ({ body, sig })" };
    let raw: unknown;
    try {
      raw = JSON.parse(signed.data.body);
    } catch {
      return { ok: false, reason: "the body is not JSON" };
    }
    const body = RulingBody.safeParse(raw);
    if (!body.success) return { ok: false, reason: "the body is not { table, by, nonce, wall, op }" };
    const b = body.data;
    const nonce = b.nonce;
    const key = this.keys.key(b.by);
    // Unknown supervisor and wrong signature read alike, so the answer does not tell which names exist.
    if (key === null || !timingSafeEqual(mac(key, signed.data.body), Buffer.from(signed.data.sig, "hex")))
      return { ok: false, reason: "the signature does not verify", nonce };
    if (b.table !== this.table) return { ok: false, reason: `the request is for table ${b.table}`, nonce };
    const now = this.now();
    if (Math.abs(Date.parse(b.wall) - now) > MAX_SKEW_MS)
      return { ok: false, reason: `the request's time is more than ${MAX_SKEW_MS / 1000} s off`, nonce };
    this.forget(now);
    if (this.seen.has(nonce)) return { ok: false, reason: "the request was seen before (replayed)", nonce };
    this.seen.set(nonce, now);
    if (!this.keys.mayRule(b.by, this.table))
      return { ok: false, reason: `${b.by} has no right to rule at table ${this.table}`, nonce };
    return { ok: true, body: b };
  }

  private forget(now: number): void {
    for (const [n, at] of this.seen) if (now - at > 2 * MAX_SKEW_MS) this.seen.delete(n);
  }
}

/**
 * Named supervisors: who may rule and set up the table. Only argon2 hashes are kept, in a JSON file the
 * configuration names (displays.web.supervisors), so a stolen file gives no password.
 */
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { hash, verify } from "@node-rs/argon2";
import { z } from "zod";

export const SupervisorName = z
  .string()
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,39}$/u, "letters, digits, space . _ -, up to 40 characters");
/** Long enough that a guess is not cheap even before throttling. */
export const MIN_PASSWORD = 10;

const SupervisorFile = z.strictObject({
  supervisors: z.array(z.strictObject({ name: SupervisorName, hash: z.string().startsWith("$argon2") })),
});
type SupervisorFile = z.infer<typeof SupervisorFile>;

export class SupervisorFileError extends Error {}

/** A hash to verify against when the name is unknown, so that a wrong name costs what a wrong password does. */
let decoy: Promise<string> | null = null;

/** Which version of the file is on disk: `save` renames a new file over it, so the inode changes too. */
function fileVersion(path: string): string {
  try {
    const st = statSync(path);
    return `${st.ino}:${st.mtimeMs}:${st.size}`;
  } catch {
    return "none";
  }
}

export class Supervisors {
  private constructor(
    private readonly path: string | null,
    private data: SupervisorFile,
    private version = "none",
  ) {}

  /** Reads the file (a missing file is an empty list). */
  static load(path: string): Supervisors {
    const version = fileVersion(path);
    if (!existsSync(path)) return new Supervisors(path, { supervisors: [] }, version);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(path, "utf8"));
    } catch (e) {
      throw new SupervisorFileError(`${path}: not JSON (${(e as Error).message})`);
    }
    const parsed = SupervisorFile.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new SupervisorFileError(
        `${path}: ${issue?.path.join(".") || "(top)"}: ${issue?.message ?? "invalid"}; expected { supervisors: [{ name, hash }] }`,
      );
    }
    return new Supervisors(path, parsed.data, version);
  }

  /**
   * Reads the file again if it changed on disk: `feltguard supervisor add|remove` while the table runs
   * takes effect at once (a removed supervisor signs in no more, and their sessions end at their next
   * request). A file that no longer parses keeps the list as it was, and is tried again next time.
   */
  refresh(): this {
    if (this.path === null) return this;
    const version = fileVersion(this.path);
    if (version === this.version) return this;
    try {
      this.data = Supervisors.load(this.path).data;
      this.version = version;
    } catch {
      // Kept as it was: the next request reads it again.
    }
    return this;
  }

  /** Whether a supervisor of this name is on the list. */
  has(name: string): boolean {
    return this.data.supervisors.some((s) => s.name === name);
  }

  /** An in-memory list (tests, simulator). */
  static inMemory(): Supervisors {
    return new Supervisors(null, { supervisors: [] });
  }

  names(): string[] {
    return this.data.supervisors.map((s) => s.name);
  }

  get size(): number {
    return this.data.supervisors.length;
  }

  /** Adds a supervisor or replaces the password of one. */
  async add(name: string, password: string): Promise<void> {
    SupervisorName.parse(name);
    if (password.length < MIN_PASSWORD) {
      throw new SupervisorFileError(`the password must have at least ${MIN_PASSWORD} characters`);
    }
    const entry = { name, hash: await hash(password) };
    this.data.supervisors = [...this.data.supervisors.filter((s) => s.name !== name), entry];
    this.save();
  }

  /** Removes a supervisor; false if there was none of that name. */
  remove(name: string): boolean {
    const before = this.size;
    this.data.supervisors = this.data.supervisors.filter((s) => s.name !== name);
    if (this.size === before) return false;
    this.save();
    return true;
  }

  /** Whether `password` is the supervisor's. An unknown name is checked against a decoy hash. */
  async check(name: string, password: string): Promise<boolean> {
    const entry = this.data.supervisors.find((s) => s.name === name);
    decoy ??= hash("decoy password that matches nothing");
    const target = entry?.hash ?? (await decoy);
    const ok = await verify(target, password).catch(() => false);
    return ok && entry !== undefined;
  }

  private save(): void {
    if (this.path === null) return;
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(this.data, null, 2)}\n`, { mode: 0o600 });
    renameSync(tmp, this.path);
    this.version = fileVersion(this.path);
  }
}

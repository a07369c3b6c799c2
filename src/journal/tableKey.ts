/**
 * The table key: an Ed25519 key pair made once at install (`feltguard journal keygen`). The private key
 * (mode 0600, readable only by the service) signs the journal's anchor, checkpoints and hands, and keys
 * each row's MAC; the public key beside it lets an auditor check the signatures without it.
 */
import {
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from "node:crypto";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";

/** A key that signs (the service's). */
export interface TableKey {
  readonly publicPem: string;
  /** Short id of the public key (hex), shown by verify and stored in the journal. */
  readonly id: string;
  sign(text: string): string;
  verify(text: string, signature: string): boolean;
  /** The row MAC (HMAC-SHA256 under a key derived from the private key); null for a public key alone. */
  mac: ((text: string) => string) | null;
  /** A key that lives in memory only (its file could not be read or made). */
  ephemeral?: boolean;
}

/** Where the public key of a private key file lives. */
export const publicKeyPath = (privatePath: string): string => `${privatePath}.pub`;

/** Thrown when a key file cannot be read or is not an Ed25519 key. */
export class TableKeyError extends Error {}

/** Makes a new key pair: the private key with mode 0600, the public key beside it (0644). Refuses to overwrite. */
export function generateTableKey(path: string): TableKey {
  if (existsSync(path)) throw new TableKeyError(`${path} exists already: a table keeps its key`);
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  writeFileSync(path, privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600, flag: "wx" });
  chmodSync(path, 0o600);
  writeFileSync(publicKeyPath(path), publicKey.export({ type: "spki", format: "pem" }), { mode: 0o644 });
  return keyFrom(privateKey);
}

/** Loads the service's private key. */
export function loadTableKey(path: string): TableKey {
  let key: KeyObject;
  try {
    key = createPrivateKey(readFileSync(path));
  } catch (e) {
    throw new TableKeyError(`cannot read the table key ${path}: ${(e as Error).message}`);
  }
  if (key.asymmetricKeyType !== "ed25519") throw new TableKeyError(`${path} is not an Ed25519 key`);
  return keyFrom(key);
}

/** Loads a public key (the auditor's view): verifies signatures, cannot sign or MAC. */
export function loadPublicKey(path: string): TableKey {
  let key: KeyObject;
  try {
    key = createPublicKey(readFileSync(path));
  } catch (e) {
    throw new TableKeyError(`cannot read the public key ${path}: ${(e as Error).message}`);
  }
  if (key.asymmetricKeyType !== "ed25519") throw new TableKeyError(`${path} is not an Ed25519 key`);
  const publicPem = key.export({ type: "spki", format: "pem" }).toString();
  return {
    publicPem,
    id: keyId(publicPem),
    sign: () => {
      throw new TableKeyError("a public key cannot sign");
    },
    verify: (text, signature) => verifyWith(key, text, signature),
    mac: null,
  };
}

/** Loads the key at `path`, making it first when it does not exist yet (a new table). */
export function loadOrCreateTableKey(path: string): { key: TableKey; created: boolean } {
  if (!existsSync(path)) return { key: generateTableKey(path), created: true };
  return { key: loadTableKey(path), created: false };
}

function keyFrom(privateKey: KeyObject): TableKey {
  const publicKey = createPublicKey(privateKey);
  const publicPem = publicKey.export({ type: "spki", format: "pem" }).toString();
  const secret = createHash("sha256")
    .update("feltguard journal row mac\n")
    .update(privateKey.export({ type: "pkcs8", format: "der" }))
    .digest();
  return {
    publicPem,
    id: keyId(publicPem),
    sign: (text) => sign(null, Buffer.from(text), privateKey).toString("base64"),
    verify: (text, signature) => verifyWith(publicKey, text, signature),
    mac: (text) => createHmac("sha256", secret).update(text).digest("hex"),
  };
}

function verifyWith(key: KeyObject, text: string, signature: string): boolean {
  try {
    return verify(null, Buffer.from(text), key, Buffer.from(signature, "base64"));
  } catch {
    return false;
  }
}

function keyId(publicPem: string): string {
  return createHash("sha256").update(publicPem).digest("hex").slice(0, 16);
}

/** A key pair that lives in memory only (a journal that cannot reach its key file keeps chaining with it). */
export function memoryTableKey(): TableKey {
  return { ...keyFrom(generateKeyPairSync("ed25519").privateKey), ephemeral: true };
}

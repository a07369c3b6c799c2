/**
 * What an enrolment says to the dealer, and the registry lines it makes. Shared by deck and chip
 * enrolment so that the terminal and the dealer panel show one form.
 */

/** One line for the dealer: the next thing to do, a tag taken, a tag refused, or the end. */
export interface EnrolMessage {
  t: number;
  kind: "prompt" | "enrolled" | "refused" | "done";
  text: string;
}

/** A registry line: a tag's UID (16 hex digits, upper case) and the contract's logical id. */
export interface RegistryEntry {
  uid: string;
  logical: string;
}

/** Real ISO 15693 UIDs are 8 bytes: anything else on the antenna is not a tag we can enrol. */
const HEX_UID = /^[0-9A-F]{16}$/;

/** The UID in registry form, or null when the tag is not a 16-digit hex UID. */
export function normaliseUid(tag: string): string | null {
  const upper = tag.toUpperCase();
  return HEX_UID.test(upper) ? upper : null;
}

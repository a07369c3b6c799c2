/**
 * Readings that cannot be true are never acted on silently (spec "Reading at any pace"): a tag on
 * the wrong kind of antenna, or one tag on two antennas at once. Shared by every game's hand.
 */
import type { Observation } from "../reading/observations.js";
import { say } from "./alerts.js";
import { type AlertLedger, clear, raise } from "./emit.js";

/** Handles a reading notice; false when the observation is not one. */
export function readingNotice(h: AlertLedger, o: Observation): boolean {
  switch (o.type) {
    case "tag_misplaced":
      raise(h, say.tagMisplaced(h.t, o.antenna, o.what));
      return true;
    case "read_conflict":
      raise(h, say.readConflict(h.t, o.antennas));
      return true;
    case "read_conflict_cleared":
      clear(h, "READ_CONFLICT");
      return true;
    default:
      return false;
  }
}

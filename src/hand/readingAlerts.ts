/**
 * Readings that cannot be true are never acted on silently (spec "Reading at any pace"): a tag on
 * the wrong kind of antenna, or one tag on two antennas at once. Shared by every game's hand. Each
 * such tag is told, even while an alert of its code is open for another; the alert clears when the
 * last of them is put right, so a clear never hides one still wrong.
 */
import type { Observation } from "../reading/observations.js";
import { say } from "./alerts.js";
import { type AlertLedger, clear, raiseEach } from "./emit.js";

/** Handles a reading notice; false when the observation is not one. */
export function readingNotice(h: AlertLedger, o: Observation): boolean {
  switch (o.type) {
    case "tag_misplaced":
      raiseEach(h, say.tagMisplaced(h.t, o.antenna, o.what));
      return true;
    case "tag_misplaced_cleared":
      clear(h, "TAG_MISPLACED");
      return true;
    case "read_conflict":
      raiseEach(h, say.readConflict(h.t, o.antennas, o.count));
      return true;
    case "read_conflict_cleared":
      if (!o.othersOpen) clear(h, "READ_CONFLICT");
      return true;
    default:
      return false;
  }
}

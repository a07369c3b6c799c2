/**
 * The floor feed's topic names (shared/spec/events.md §"The floor feed (MQTT)"): one place, so the
 * table, the room overview, the tests and the broker's access rules (docs/floor-network.md) agree.
 */
import { z } from "zod";

/** A table's id on the broker: letters, digits and `-` (it is a topic level, so no `/`, `+` or `#`). */
export const TableId = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, "letters, digits and -, up to 64 characters");

export const ROOT = "feltguard";

export const topics = (table: string) => ({
  events: `${ROOT}/${table}/events`,
  state: `${ROOT}/${table}/state`,
  health: `${ROOT}/${table}/health`,
  head: `${ROOT}/${table}/head`,
  rulings: `${ROOT}/${table}/rulings`,
  rulingResult: `${ROOT}/${table}/rulings/result`,
  /** Extension: a consumer that saw a gap asks the table to publish its events again from `from`. */
  replay: `${ROOT}/${table}/replay`,
});

export type FeedTopic = "events" | "state" | "health" | "head" | "rulings" | "result" | "replay";

/** Which table and which of its topics a topic name is, or null for a topic outside the feed. */
export function parseTopic(topic: string): { table: string; topic: FeedTopic } | null {
  const m =
    /^feltguard\/([A-Za-z0-9-]{1,64})\/(events|state|health|head|rulings|rulings\/result|replay)$/.exec(
      topic,
    );
  if (m === null) return null;
  const which = m[2] === "rulings/result" ? "result" : (m[2] as FeedTopic);
  return { table: m[1]!, topic: which };
}

/** A consumer's request for events again (the `replay` topic). */
export const ReplayRequest = z.strictObject({ from: z.number().int().min(1) });

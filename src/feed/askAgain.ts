/**
 * The room subscriber's ask-again window (src/feed/subscriber.ts, `askAgainMs`), its default and its
 * bounds, apart from the subscriber so the command line can validate it without loading the MQTT client.
 */
import { z } from "zod";

/** The ask-again window by default: a few broker round trips on a casino's LAN, well under a second. */
export const DEFAULT_ASK_AGAIN_MS = 500;

/**
 * A window the room accepts: above a broker's round trip (a table answers a request through it; below
 * 50 ms every gap would be asked for twice) and at most a minute (a lost message would leave a table's
 * row stale past the floor's patience).
 */
export const AskAgainMs = z.coerce.number().int().min(50).max(60_000);

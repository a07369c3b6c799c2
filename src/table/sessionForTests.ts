/**
 * Test-only: the machine session of the hand in play, for white-box tests that read a hand's context
 * or drive its session past the core (and the replay breakdown bench, which times the hand machine
 * alone). Nothing in src/ uses it: the product reads the core's `view()`, `privateView()` and `live`.
 */
import type { HandSession } from "../hand/session.js";
import type { TcpSession } from "../hand/tcp/session.js";
import { Table, type TableCore } from "./core.js";
import { NumberedCore } from "./numbered.js";

/** The session of the hand in play on `core` (a numbered core is looked through), or null between hands. */
export function sessionInPlayForTests(core: TableCore): HandSession | TcpSession | null {
  const table = core instanceof NumberedCore ? core.inner : core;
  if (!(table instanceof Table)) throw new Error("sessionInPlayForTests: not a table core");
  return table.sessionInPlay();
}

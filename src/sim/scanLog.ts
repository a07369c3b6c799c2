/**
 * The bridge emulator's scan log (emulator.cpp, --scan-log): every inventory a reader chip ran, when it
 * started and ended on the virtual clock, on which channel, and whether it was a focus turn. Tests read
 * it to see what the board scanned (not only what the host asked for); the latency benchmark reads it
 * to say what each tag waited behind.
 */

/** One inventory, as the emulator logged it (virtual ms). */
export interface Scan {
  begin: number;
  end: number;
  reader: number;
  channel: number;
  focus: boolean;
  /** A 1-slot probe stood for the inventory (PROTOCOL.md "Probes"). */
  probe: boolean;
  tags: number;
}

/** The emulator's scan log (emulator.cpp, --scan-log) as inventories, in the order they ended. */
export function parseScanLog(text: string): Scan[] {
  const out: Scan[] = [];
  for (const line of text.split("\n")) {
    const m = /^(\d+) (\d+) (\d+) (\d+) ([fr])(p?) (\d+)$/.exec(line.trim());
    if (m === null) continue;
    out.push({
      begin: Number(m[1]),
      end: Number(m[2]),
      reader: Number(m[3]),
      channel: Number(m[4]),
      focus: m[5] === "f",
      probe: m[6] === "p",
      tags: Number(m[7]),
    });
  }
  return out;
}

/**
 * Enrolment at the table: the RFID bridge's reports and the dealer keys feed the enrolment; each
 * prompt goes to the terminal and the dealer panel. Loaded only when `enrol` runs without `--input`
 * or `--import`. The terminal's Enter key stands in for the `ok` key where no keys are wired.
 */
import { performance } from "node:perf_hooks";
import type { InputEvent } from "../../contract/input.js";
import { BridgeTransport, type SerialBinding } from "../../devices/bridge/index.js";
import { EpaperPanel } from "../../devices/epaper/panel.js";
import { openDealerKeys, type DealerKeys } from "../../devices/keys/dealer-keys.js";
import type { EnrolMessage } from "../../enrol/messages.js";
import { enrolScreen } from "../../enrol/panelScreen.js";
import type { Config } from "../../config/configSchema.js";
import { InvalidArgumentError } from "commander";
import { channelMap } from "../../runtime/tableDevices.js";
import type { Enrolment } from "./enrol.js";
import { diag } from "./io.js";

/** Runs until the enrolment is complete (or Ctrl-C); then closes every device it opened. */
export async function liveEnrolment(
  enrolment: Enrolment,
  o: {
    config: Config;
    antenna: string;
    title: string;
    tell: (m: EnrolMessage) => void;
    /** The terminal (Enter = `ok`, Ctrl-C stops); tests leave it out. */
    terminal?: boolean;
    /** The bridge's serial binding (default: serialport's own). */
    binding?: SerialBinding;
  },
): Promise<void> {
  const { bridge: bridgeAt, keys: keysAt, epaper } = o.config.devices;
  if (!bridgeAt)
    throw new InvalidArgumentError("enrol: no devices.bridge in the configuration (or give --input LOG)");
  const reader = o.config.antennas[o.antenna]?.reader;
  if (reader === undefined)
    throw new InvalidArgumentError(`enrol: the configuration has no antenna "${o.antenna}"`);
  const now = () => Math.floor(performance.now());
  let panel: EpaperPanel | null = null;
  if (epaper) {
    panel = new EpaperPanel({ path: epaper.path });
    await panel.open().catch((e: Error) => {
      diag(`dealer panel not opened at ${epaper.path}: ${e.message}`);
      panel = null;
    });
  }
  let prompt: EnrolMessage | null = null;
  const show = (m: EnrolMessage) => {
    o.tell(m);
    if (m.kind === "prompt" || m.kind === "done") prompt = m;
    panel?.show(enrolScreen(o.title, prompt, m));
  };
  for (const m of enrolment.start(now())) show(m);
  const binding = o.binding ?? (await import("serialport")).SerialPort.binding;
  let keys: DealerKeys | null = null;
  let bridge: BridgeTransport | null = null;
  await new Promise<void>((resolve) => {
    const feed = (event: InputEvent) => {
      for (const m of enrolment.handle(event)) show(m);
      if (enrolment.complete) resolve();
    };
    bridge = new BridgeTransport({
      path: bridgeAt.path,
      binding,
      antennas: channelMap(o.config, reader),
      now,
      onEvent: feed,
    });
    bridge.start();
    if (keysAt) {
      void openDealerKeys({ port: keysAt.path, buttons: keysAt.buttons, seats: keysAt.seats, now })
        .then((k) => {
          keys = k;
          k.on("button", feed);
        })
        .catch((e: Error) => diag(`dealer keys not opened at ${keysAt.path}: ${e.message}`));
    }
    if (o.terminal !== false) {
      process.stdin.on("data", () => feed({ t: now(), kind: "button", button: "ok" }));
      process.once("SIGINT", () => resolve());
    }
  });
  if (o.terminal !== false) process.stdin.pause();
  await (bridge as BridgeTransport | null)?.stop();
  (keys as DealerKeys | null)?.close();
  await (panel as EpaperPanel | null)?.close();
}

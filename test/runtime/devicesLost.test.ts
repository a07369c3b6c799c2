/**
 * Every device lost or back is a journaled input event the floor sees: the all-in button (HID) and the
 * dealer panel (e-paper) driven through their twins (src/devices/hid/mock.ts, src/devices/epaper/mock.ts)
 * under the real drivers and `openTableDevices`. A pulled cable is a `reader` event (`allin` or `panel`
 * offline) in the journal and READER_OFFLINE on the table; the device back is `online` and the alert
 * clears. (The keys' loss: test/app/tableKeysLost.test.ts; the bridge's: test/devices/bridge/.)
 */
import { SerialPortMock } from "serialport";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_CONFIG_PATH, loadConfig } from "../../src/config/config.js";
import type { InputEvent } from "../../src/contract/input.js";
import type { TableEvent } from "../../src/contract/output.js";
import { Cmd } from "../../src/devices/epaper/frame.js";
import { MockPanel } from "../../src/devices/epaper/mock.js";
import { MockHid } from "../../src/devices/hid/mock.js";
import { usbId } from "../../src/devices/inventory.js";
import { createLogger } from "../../src/runtime/log.js";
import { Runtime } from "../../src/runtime/runtime.js";
import { openTableDevices, PANEL_REOPEN_MS } from "../../src/runtime/tableDevices.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";

const PANEL = "/dev/mock-panel-lost";
/** Lets the mock port's I/O callbacks (setImmediate, not faked) run: order, not time. */
async function ioTurns(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

const quiet = createLogger("test", { pretty: false, level: "silent" });

async function table() {
  const base = loadConfig(DEFAULT_CONFIG_PATH);
  const hidIds = { vendorId: "1209", productId: "a110" };
  const config = { ...base, devices: { hid: hidIds, epaper: { path: PANEL } } };
  const journaled: InputEvent[] = [];
  const said: TableEvent[] = [];
  const runtime = new Runtime({
    core: createTableFromConfig(config),
    journal: { append: (e) => journaled.push(e) },
    outputs: [(events) => said.push(...events)],
    clock: () => Date.now(),
  });
  const hid = new MockHid();
  hid.plug("/dev/hidraw7", usbId(hidIds.vendorId), usbId(hidIds.productId));
  const panel = new MockPanel(PANEL);
  panel.delayFor.clear();
  const devices = await openTableDevices(runtime, config, quiet, { hid, panelPort: panel.openPort });
  const readerEvents = () =>
    journaled.flatMap((e) => (e.kind === "reader" ? [`${e.reader} ${e.status}`] : []));
  const alerts = () =>
    said.flatMap((e) =>
      e.kind === "alert" || e.kind === "alert_clear" ? [`${e.kind} ${e.code} ${String(e.reader)}`] : [],
    );
  const state = (device: string) => devices.health().devices.find((d) => d.device === device)?.state;
  /** What the floor reads of an alert: its text, not a reader's lost antennas. */
  const texts = () => said.flatMap((e) => (e.kind === "alert" ? [e.text] : []));
  return { runtime, hid, panel, devices, readerEvents, alerts, state, texts };
}

describe("a device lost or back is a journaled input event and an alert on the floor", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: 50_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
    SerialPortMock.binding.reset();
  });

  it("the all-in button unplugged and plugged back", async () => {
    const t = await table();
    try {
      await vi.advanceTimersByTimeAsync(0);
      expect(t.state("allin")).toBe("online");
      expect(t.readerEvents()).toEqual([]); // found at start: nothing was lost
      t.hid.unplug();
      expect(t.state("allin")).toBe("offline");
      expect(t.readerEvents()).toEqual(["allin offline"]);
      expect(t.alerts()).toEqual(["alert READER_OFFLINE allin"]);
      expect(t.texts()).toEqual([
        "The all-in button stopped answering: a press of it does not reach the table",
      ]);
      t.hid.plug("/dev/hidraw8", 0x1209, 0xa110);
      await vi.advanceTimersByTimeAsync(5_000); // the driver's longest look-up backoff
      expect(t.state("allin")).toBe("online");
      expect(t.readerEvents()).toEqual(["allin offline", "allin online"]);
      expect(t.alerts()).toEqual(["alert READER_OFFLINE allin", "alert_clear READER_OFFLINE allin"]);
    } finally {
      await t.devices.stop();
      t.runtime.stop();
    }
  });

  it("the dealer panel's port closed, reopened after the retry interval, not before", async () => {
    const t = await table();
    try {
      expect(t.state("panel")).toBe("online");
      t.panel.unplug();
      await ioTurns(); // the mock port says "close" on a later turn of the event loop, as a real one does
      expect(t.state("panel")).toBe("offline");
      expect(t.readerEvents()).toEqual(["panel offline"]);
      expect(t.alerts()).toEqual(["alert READER_OFFLINE panel"]);
      expect(t.texts()).toEqual([
        "The dealer panel stopped answering: it no longer shows the alerts and their steps",
      ]);
      t.panel.replug();
      await vi.advanceTimersByTimeAsync(PANEL_REOPEN_MS - 1);
      expect(t.state("panel")).toBe("offline");
      await vi.advanceTimersByTimeAsync(1);
      expect(t.state("panel")).toBe("online");
      expect(t.readerEvents()).toEqual(["panel offline", "panel online"]);
      expect(t.alerts()).toEqual(["alert READER_OFFLINE panel", "alert_clear READER_OFFLINE panel"]);
    } finally {
      await t.devices.stop();
      t.runtime.stop();
    }
  });

  it("the dealer panel that stops answering is lost; its next screen drawn is back", async () => {
    const t = await table();
    try {
      t.panel.autoReply = false; // hung module
      t.devices.panel!.show([{ kind: "text", x: 10, y: 10, text: "hand 1", size: 48 }]);
      await vi.advanceTimersByTimeAsync(1_000); // an ordinary command's answer timeout
      expect(t.state("panel")).toBe("offline");
      expect(t.readerEvents()).toEqual(["panel offline"]);
      t.panel.autoReply = true;
      await vi.advanceTimersByTimeAsync(10_000); // the retry after the interval draws it
      expect(t.panel.commands).toContain(Cmd.refresh);
      expect(t.state("panel")).toBe("online");
      expect(t.readerEvents()).toEqual(["panel offline", "panel online"]);
    } finally {
      await t.devices.stop();
      t.runtime.stop();
    }
  });
});

/** `feltguard devices`: which configured devices are plugged in, missing or unexpected. */
import { existsSync, realpathSync } from "node:fs";
import type { Command } from "commander";
import { type HidInfo, type Inventory, inventory, type SerialPortInfo } from "../../devices/inventory.js";
import { tableConfigPath, loadConfig } from "../../config/config.js";
import type { Config } from "../../config/configSchema.js";
import { diag, write } from "./io.js";

/** Lists the serial ports, or says why it cannot. */
async function listSerial(): Promise<{ ports: SerialPortInfo[]; problem: string | null }> {
  try {
    const { autoDetect } = await import("@serialport/bindings-cpp");
    return { ports: await autoDetect().list(), problem: null };
  } catch (e) {
    return { ports: [], problem: `serial ports cannot be listed: ${(e as Error).message}` };
  }
}

/** Lists the HID devices, or says why it cannot (node-hid needs libusb / hidraw access). */
async function listHid(): Promise<{ hids: HidInfo[]; problem: string | null }> {
  try {
    const { loadNodeHid } = await import("../../devices/hid/node-hid.js");
    const hid = await loadNodeHid();
    return { hids: await hid.devices(), problem: null };
  } catch (e) {
    return { hids: [], problem: `HID devices cannot be listed: ${(e as Error).message}` };
  }
}

/** The configured paths resolved through their udev symlinks, where they exist. */
function realPaths(config: Config): Record<string, string> {
  const out: Record<string, string> = {};
  for (const path of [config.devices.bridge?.path, config.devices.keys?.path, config.devices.epaper?.path]) {
    if (path && existsSync(path)) out[path] = realpathSync(path);
  }
  return out;
}

/** The inventory as lines a person reads. */
export function formatInventory(inv: Inventory): string {
  const lines = inv.devices.map(
    (d) =>
      `${d.device.padEnd(7)} ${d.status.padEnd(14)} ${d.wanted}${d.paths.length > 0 ? ` → ${d.paths.join(", ")}` : ""}`,
  );
  for (const p of inv.unexpected.serial)
    lines.push(
      `unexpected serial ${p.path} (${p.manufacturer ?? "?"} ${p.vendorId ?? "?"}:${p.productId ?? "?"})`,
    );
  for (const h of inv.unexpected.hid) {
    lines.push(
      `unexpected HID ${h.path ?? "?"} (${h.product ?? "?"} ${h.vendorId.toString(16)}:${h.productId.toString(16)})`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** Registers `feltguard devices`. */
export function registerDevices(program: Command): void {
  program
    .command("devices")
    .description(
      "list serial ports and HID devices and say which configured device is found, missing or unexpected",
    )
    .option("-c, --config <file>", "table configuration", tableConfigPath())
    .option("--json", "print the inventory as JSON", false)
    .action(async (opts: { config: string; json: boolean }) => {
      const config = loadConfig(opts.config);
      const [{ ports, problem: serialProblem }, { hids, problem: hidProblem }] = await Promise.all([
        listSerial(),
        listHid(),
      ]);
      for (const problem of [serialProblem, hidProblem]) if (problem) diag(problem);
      const { bridge, keys, hid, epaper } = config.devices;
      const inv = inventory(
        ports,
        hids,
        {
          ...(bridge ? { bridge } : {}),
          ...(keys
            ? {
                keys: {
                  path: keys.path,
                  ...(keys.vendorId ? { vendorId: keys.vendorId } : {}),
                  ...(keys.productId ? { productId: keys.productId } : {}),
                },
              }
            : {}),
          ...(hid ? { hid } : {}),
          ...(epaper ? { epaper } : {}),
        },
        realPaths(config),
      );
      write(opts.json ? `${JSON.stringify(inv, null, 2)}\n` : formatInventory(inv));
    });
}

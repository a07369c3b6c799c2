/**
 * The files and devices a configuration names are found from the configuration's own directory, not
 * from the working directory of whoever reads it: the service runs in `/` under systemd, an engineer
 * in a shell somewhere else, the tests elsewhere again, and a `registry: { file: registry.txt }` beside
 * /etc/feltguard/table.yaml must be the same file for all of them. Absolute paths are kept as written.
 */
import { isAbsolute, resolve } from "node:path";
import type { Config } from "./configSchema.js";

/** `path` as the configuration in `baseDir` means it. */
const from = (baseDir: string, path: string): string => (isAbsolute(path) ? path : resolve(baseDir, path));

/** Every path setting of `config` resolved against `baseDir` (the configuration file's directory). */
export function resolveConfigPaths(config: Config, baseDir: string): Config {
  const at = (path: string) => from(baseDir, path);
  const { registry, devices, journal, feed, displays } = config;
  const mqtt = feed?.mqtt;
  const web = displays.web;
  return {
    ...config,
    registry: { ...registry, ...(registry.file === undefined ? {} : { file: at(registry.file) }) },
    devices: {
      ...devices,
      ...(devices.bridge ? { bridge: { ...devices.bridge, path: at(devices.bridge.path) } } : {}),
      ...(devices.bridges
        ? {
            bridges: Object.fromEntries(
              Object.entries(devices.bridges).map(([name, b]) => [name, { ...b, path: at(b.path) }]),
            ),
          }
        : {}),
      ...(devices.keys ? { keys: { ...devices.keys, path: at(devices.keys.path) } } : {}),
      ...(devices.epaper ? { epaper: { path: at(devices.epaper.path) } } : {}),
    },
    ...(journal?.key === undefined ? {} : { journal: { ...journal, key: at(journal.key) } }),
    ...(mqtt === undefined
      ? {}
      : {
          feed: {
            ...feed,
            mqtt: {
              ...mqtt,
              ...(mqtt.passwordFile === undefined ? {} : { passwordFile: at(mqtt.passwordFile) }),
              ...(mqtt.ca === undefined ? {} : { ca: at(mqtt.ca) }),
              ...(mqtt.rulingKeys === undefined ? {} : { rulingKeys: at(mqtt.rulingKeys) }),
            },
          },
        }),
    displays: {
      ...displays,
      ...(web === undefined
        ? {}
        : {
            web: {
              ...web,
              ...(web.supervisors === undefined ? {} : { supervisors: at(web.supervisors) }),
              ...(web.tls === undefined ? {} : { tls: { cert: at(web.tls.cert), key: at(web.tls.key) } }),
            },
          }),
    },
  };
}

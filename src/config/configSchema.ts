/** The table configuration's shape (config/default.yaml), as a zod schema. Every object is strict. */
import { z } from "zod";
import { ButtonName, GameName } from "../contract/input.js";
import { PayTableConfig } from "../rules/threeCard/payTable.js";
import { RakeSchedule } from "../rules/rake.js";

/**
 * Antenna names of the contract: seats, bet zones, board, burn, muck, pot, the Three Card Poker zones,
 * and the chip tray (`tray`, or `tray1` … under its columns) and the rake plate (issue 18).
 */
export const ANTENNA_NAME =
  /^(seat|bet|ante|play|pairplus|prime)([1-9]\d*)$|^(board|burn|muck|pot|dealer|rake)$|^tray([1-9]\d*)?$/;

/** A USB id as lsusb prints it ("2341") or a number. */
const UsbId = z.union([
  z.number().int().nonnegative(),
  z.string().regex(/^(0x)?[0-9a-fA-F]{1,4}$/, "a USB id such as 2341"),
]);
const Pin = z.union([z.number().int().nonnegative(), z.string().regex(/^A?\d+$/, "a pin such as 7 or A0")]);

/** A bridge has 32 channels (firmware-bridge/PROTOCOL.md, MAX_CHANNELS). */
export const BRIDGE_CHANNELS = 32;

const Antenna = z.strictObject({
  /** Which bridge reads it: "bridge" (devices.bridge) unless it names one of devices.bridges. */
  reader: z.string().min(1).default("bridge"),
  channel: z
    .number()
    .int()
    .nonnegative()
    .max(
      BRIDGE_CHANNELS - 1,
      `expected a channel of the bridge, 0 to ${BRIDGE_CHANNELS - 1} (a bridge has ${BRIDGE_CHANNELS})`,
    ),
});

/** Where one bridge is plugged in (a udev symlink, deploy/99-feltguard.rules). */
const Bridge = z.strictObject({
  path: z.string().min(1),
  vendorId: UsbId.optional(),
  productId: UsbId.optional(),
  serialNumber: z.string().optional(),
});

/** Where the table's hardware is and how it is wired (hardware.md). Absent: the device is not used. */
const Devices = z.strictObject({
  /** The table's bridge (antennas that name no reader, or `reader: bridge`). */
  bridge: Bridge.optional(),
  /** More bridges, by the name antennas give as their `reader` (e.g. bridge2 for Three Card Poker). */
  bridges: z
    .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_-]*$/, "a bridge name such as bridge2"), Bridge)
    .optional(),
  keys: z
    .strictObject({
      path: z.string().min(1),
      vendorId: UsbId.optional(),
      productId: UsbId.optional(),
      buttons: z.partialRecord(
        // The contract's buttons: a key wired to a pin is one of them.
        ButtonName,
        Pin,
      ),
      seats: z.array(z.strictObject({ seat: z.number().int().positive(), toAct: Pin, allin: Pin })),
      digits: z
        .strictObject({
          data: Pin,
          clock: Pin,
          cs: Pin,
          brightness: z.number().int().min(0).max(15).optional(),
        })
        .optional(),
    })
    .optional(),
  hid: z.strictObject({ vendorId: UsbId, productId: UsbId }).optional(),
  epaper: z.strictObject({ path: z.string().min(1) }).optional(),
});

/**
 * The reading windows. A reader scans its antennas in turn, so one round's reports arrive in channel
 * order, not in the order things happened: judgements of order allow one round. A tag leaves only
 * after `missedScans` rounds without it (the bridge's K), so a card still "on" an antenna may have left.
 */
/**
 * A player's quickest reaction to the previous action (its chips landed, its key pressed): 0.7 s. The
 * table reads a bet from its zone's latest report once the action has moved on; with scan rounds no
 * longer than this, that report came after the bet's last chip. `feltguard doctor` warns past it.
 */
export const QUICKEST_REACTION_MS = 700;

const Reading = z.strictObject({
  /** One scan round over every antenna, ms (the bridge: ~20-25 ms per inventory × antennas per reader). */
  scanRoundMs: z.number().int().min(1).max(5000).default(200),
  /** Consecutive missed scans before the bridge reports a tag gone (PROTOCOL.md "K"). */
  missedScans: z.number().int().min(1).max(15).default(3),
  /** How long a card may be unseen before it counts as gone: a lifted corner or RF noise is shorter. */
  departWindowMs: z.number().int().min(0).default(500),
});

const Web = z.strictObject({
  host: z.string().min(1).default("127.0.0.1"),
  port: z.number().int().min(0).max(65535).default(8080),
  /** Token for rulings and hole-card views; FELTGUARD_FLOOR_TOKEN in the environment wins. */
  token: z.string().min(8).optional(),
  /** The supervisors' file (names and argon2 hashes; `feltguard supervisor add`). */
  supervisors: z.string().min(1).optional(),
  /** How long a misdeal or void can be undone (ms, default 10 s): long enough to catch a mis-tap, short enough not to hold the game. */
  undoWindowMs: z.number().int().min(0).max(120_000).optional(),
  /** How long a supervisor stays signed in (hours, default 8): one shift. */
  sessionHours: z.number().min(0.05).max(24).optional(),
  /**
   * The page over HTTPS: PEM files of its certificate and private key (the key mode 0600, readable by
   * the service user). Without it the page is plain HTTP, and passwords cross the LAN in clear.
   */
  tls: z.strictObject({ cert: z.string().min(1), key: z.string().min(1) }).optional(),
});

const DeckName = z.string().regex(/^[A-Za-z0-9]+$/, "a deck name of letters and digits, e.g. A");

/** The MQTT broker of the floor feed; secrets stay in files (mode 0600), not in the configuration. */
const FeedMqtt = z.strictObject({
  url: z.string().regex(/^(mqtts?|wss?|tcp|ssl):\/\//, "an MQTT URL such as mqtt://broker:1883"),
  username: z.string().min(1).optional(),
  passwordFile: z.string().min(1).optional(),
  /** The broker's CA certificate (PEM) for mqtts://. */
  ca: z.string().min(1).optional(),
  /** The supervisors' ruling keys and rights (src/feed/signedRuling.ts); without it, rulings over MQTT are refused. */
  rulingKeys: z.string().min(1).optional(),
});

export const ConfigSchema = z
  .strictObject({
    table: z.strictObject({
      name: z.string().min(1),
      seats: z.number().int().min(2).max(10),
      /** The table's id on the floor feed (a topic level: letters, digits, -). */
      id: z
        .string()
        .regex(/^[A-Za-z0-9-]{1,64}$/, "letters, digits and -, up to 64 characters")
        .optional(),
    }),
    game: z
      .strictObject({
        name: GameName.default("nlhe"),
        limitCap: z.number().int().positive().default(4),
      })
      .default({ name: "nlhe", limitCap: 4 }),
    /** The deck in play; or `decks`, the two a shuffler alternates hand by hand (one of the two keys). */
    deck: DeckName.optional(),
    decks: z.array(DeckName).min(1).optional(),
    chips: z
      .array(z.number().int().positive())
      .min(1)
      .refine((c) => c.every((d, i) => i === 0 || d > (c[i - 1] ?? 0)), "denominations in increasing order"),
    settleWindowMs: z.number().int().nonnegative().default(400),
    /** How the readers scan: the reading's tolerances follow from these (spec "Reading at any pace"). */
    reading: Reading.default({ scanRoundMs: 200, missedScans: 3, departWindowMs: 500 }),
    house: z
      .strictObject({
        bbAnteOrder: z.enum(["blind-first", "ante-first"]).default("blind-first"),
      })
      .default({ bbAnteOrder: "blind-first" }),
    antennas: z.record(
      z.string().regex(ANTENNA_NAME, "an antenna name of the contract (seat1, bet1, board, tray1, rake…)"),
      Antenna,
    ),
    registry: z.strictObject({
      simulated: z.boolean().default(true),
      file: z.string().min(1).optional(),
    }),
    devices: Devices.default({}),
    /** Three Card Poker: the house's pay tables (defaults from the rules digest). */
    threeCard: z.strictObject({ payTable: PayTableConfig }).optional(),
    /**
     * The chip tray (issue 18, hardware.md): how long after a hand's chips stop moving its antennas
     * are judged, on top of the readers' lag (a chip taken from it is reported gone K scans late).
     */
    tray: z
      .strictObject({ judgeAfterMs: z.number().int().min(0).max(60_000).default(1500) })
      .default({ judgeAfterMs: 1500 }),
    /** A raked cash game: the house rake schedule (src/rules/rake.ts); absent: no rake. */
    rake: RakeSchedule.optional(),
    /** The journal's table key (Ed25519 private key, PEM, mode 0600; `feltguard journal keygen`). */
    journal: z
      .strictObject({
        key: z.string().min(1).optional(),
        /**
         * The most downtime a restart counts into table time; a wall clock that claims more was set
         * forward (src/journal/recovery.ts DEFAULT_MAX_DOWNTIME_MS says why one hour). At least 10 s: a
         * reboot must count.
         */
        maxDowntimeMs: z.number().int().min(10_000).optional(),
      })
      .optional(),
    /** The floor feed (docs/floor-network.md): the broker this table publishes to. */
    feed: z.strictObject({ mqtt: FeedMqtt.optional() }).optional(),
    displays: z
      .strictObject({
        epaper: z.strictObject({ minRefreshMs: z.number().int().nonnegative().default(3000) }).optional(),
        web: Web.optional(),
      })
      .default({}),
  })
  .superRefine((config, ctx) => {
    const seen = new Map<string, string>();
    for (const [name, antenna] of Object.entries(config.antennas)) {
      const key = `${antenna.reader}:${antenna.channel}`;
      const other = seen.get(key);
      if (other !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["antennas", name, "channel"],
          message: `channel ${antenna.channel} of ${antenna.reader} is already used by ${other}`,
        });
      }
      seen.set(key, name);
      const seatNo = /^(?:seat|bet)(\d+)$/.exec(name)?.[1];
      if (seatNo !== undefined && Number(seatNo) > config.table.seats) {
        ctx.addIssue({
          code: "custom",
          path: ["antennas", name],
          message: `the table has ${config.table.seats} seats`,
        });
      }
    }
    if ((config.deck === undefined) === (config.decks === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [config.deck === undefined ? "deck" : "decks"],
        message:
          config.deck === undefined
            ? "a deck name (deck: A) or the decks a shuffler alternates (decks: [A, B])"
            : "deck or decks, not both",
      });
    }
    if (config.decks !== undefined && new Set(config.decks).size !== config.decks.length) {
      ctx.addIssue({ code: "custom", path: ["decks"], message: "each deck named once" });
    }
    if (!config.registry.simulated && config.registry.file === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["registry", "file"],
        message: "a registry file is required when the simulated registry is off",
      });
    }
  })
  // Everything after validation sees both forms: `decks` (all of them) and `deck` (the first).
  .transform((config) => {
    const decks = config.decks ?? [config.deck ?? "A"];
    return { ...config, deck: decks[0] ?? "A", decks };
  });

/**
 * What a table needs to run at all: its card antennas (board for the flop games, dealer for Three Card
 * Poker, one seat antenna per seat) and, when the configuration names its bridges, a bridge for every
 * antenna's `reader`.
 */
export function runnableLayout(config: {
  table: { seats: number };
  game: { name: string };
  antennas: Record<string, { reader: string }>;
  devices: { bridge?: unknown; bridges?: Record<string, unknown> | undefined };
}): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const has = (name: string) => Object.hasOwn(config.antennas, name);
  const cards = config.game.name === "tcp" ? "dealer" : "board";
  if (!has(cards))
    issues.push({
      path: ["antennas"],
      message: `expected a ${cards} antenna (the ${config.game.name} table reads its ${cards === "board" ? "board cards" : "dealer's cards"} there)`,
    });
  for (let seat = 1; seat <= config.table.seats; seat++) {
    if (!has(`seat${seat}`))
      issues.push({
        path: ["antennas"],
        message: `expected an antenna seat${seat} (the table has ${config.table.seats} seats)`,
      });
  }
  const bridges = new Set([
    ...(config.devices.bridge ? ["bridge"] : []),
    ...Object.keys(config.devices.bridges ?? {}),
  ]);
  if (bridges.size > 0) {
    for (const [name, antenna] of Object.entries(config.antennas)) {
      if (!bridges.has(antenna.reader))
        issues.push({
          path: ["antennas", name, "reader"],
          message: `expected a bridge of devices (${[...bridges].join(", ")}), got ${JSON.stringify(antenna.reader)}`,
        });
    }
  }
  return issues;
}

export type Config = z.infer<typeof ConfigSchema>;
export type ConfigInput = z.input<typeof ConfigSchema>;

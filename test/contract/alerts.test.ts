/**
 * One vocabulary for faults: every code the product raises is in the alert catalogue
 * (src/contract/alerts.ts), the contract's codes there say what shared/spec/events.md says, every rule
 * is in the one format, and docs/alerts.md is what the catalogue generates. Set UPDATE_DOCS=1 (or run
 * `npm run docs:alerts`) to rewrite docs/alerts.md after changing the catalogue.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { ALERT_CODES, CATALOGUE, isAlertCode } from "../../src/contract/alerts.js";
import { renderAlertsDoc } from "../../src/contract/alertsDoc.js";
import { InputEvent, type TableEvent } from "../../src/contract/index.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { REPO_ROOT, SHARED } from "../support/paths.js";
import { scenarioFiles } from "../support/scenarioFiles.js";

const SRC = join(REPO_ROOT, "src");
const CATALOGUE_FILE = "src/contract/alerts.ts";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

/** The contract's alert table: code → severity, rule, when. */
function contractCatalogue(): Map<string, { severity: string; rule: string; when: string }> {
  const text = readFileSync(join(SHARED, "spec/events.md"), "utf8");
  const section = text.slice(text.indexOf("## Alert catalogue"), text.indexOf("A misdeal alert holds"));
  const out = new Map<string, { severity: string; rule: string; when: string }>();
  for (const m of section.matchAll(/^\| `([A-Z0-9_]+)` \| (\w+) \| (.*?) \| (.*) \|$/gm))
    out.set(m[1]!, { severity: m[2]!, rule: m[3]!, when: m[4]! });
  return out;
}

/**
 * Codes written as string literals where an alert is raised, cleared or read: `kind: "alert_clear", code:
 * "X"`, `kind === "alert" && e.code === "X"`, `a.code === "X"` (an open alert),
 * `alert(t, "X", …)` and the helpers that pass a code on (`info`, `extra`, `raise`, `clear…`), and
 * constants declared `= "X" satisfies AlertCode`. (Anything else that builds an alert fails the next test.)
 */
const CODE_SITES = [
  /kind:\s*"alert_clear",\s*code:\s*"([A-Z][A-Z0-9_]+)"/g,
  /"alert(?:_clear)?"\s*&&\s*\w+\.code\s*[!=]==\s*"([A-Z][A-Z0-9_]+)"/g,
  /\ba\.code\s*[!=]==\s*"([A-Z][A-Z0-9_]+)"/g,
  /\b(?:alert|info|extra|clear\w*|isOpen|anyOpen)\(\s*[\w.]+,\s*"([A-Z][A-Z0-9_]+)"/g,
  /=\s*"([A-Z][A-Z0-9_]+)"\s+satisfies AlertCode/g,
];

describe("the alert catalogue", () => {
  it("holds every code written where an alert is raised or cleared in src/", () => {
    const missing: string[] = [];
    for (const file of sources(SRC)) {
      const text = readFileSync(file, "utf8");
      for (const site of CODE_SITES)
        for (const m of text.matchAll(site))
          if (!isAlertCode(m[1]!)) missing.push(`${relative(REPO_ROOT, file)}: ${m[1]}`);
    }
    expect(missing).toEqual([]);
  });

  it("is the only place an alert event is built (everyone else calls its typed `alert`)", () => {
    const builders = sources(SRC)
      .filter((file) => /\bkind:\s*"alert"\s*,/.test(readFileSync(file, "utf8")))
      .map((file) => relative(REPO_ROOT, file));
    expect(builders).toEqual([CATALOGUE_FILE]);
  });

  it("holds every code the table says in the scenario suites (hold'em and Three Card Poker)", () => {
    const said = new Set<string>();
    const base = loadConfig();
    for (const dir of ["test/scenarios", "test/hand/tcp/scenarios"]) {
      for (const file of scenarioFiles(join(REPO_ROOT, dir))) {
        const over = file.config ?? {};
        const decks = Array.isArray(over.decks) ? (over.decks as string[]) : base.decks;
        const config = { ...base, ...over, decks, deck: decks[0] ?? base.deck };
        const core = createTableFromConfig(config as typeof base);
        const out: TableEvent[] = [];
        let lastT = 0;
        for (const line of file.inputs) {
          const event = InputEvent.parse(line);
          out.push(...core.advanceTo(event.t), ...core.handle(event));
          lastT = event.t;
        }
        out.push(...core.finish(lastT));
        for (const e of out) if (e.kind === "alert" || e.kind === "alert_clear") said.add(e.code);
      }
    }
    expect(said.size).toBeGreaterThan(20);
    expect([...said].filter((c) => !isAlertCode(c))).toEqual([]);
  });

  it("says what the contract says of the contract's codes, and marks every other code as an extension", () => {
    const contract = contractCatalogue();
    expect(contract.size).toBeGreaterThan(25);
    for (const [code, spec] of contract) {
      expect(isAlertCode(code), `${code} is in the contract but not in the catalogue`).toBe(true);
      if (!isAlertCode(code)) continue;
      expect({ code, ...CATALOGUE[code] }).toMatchObject({ code, ...spec, contract: true });
    }
    const extensions = ALERT_CODES.filter((c) => !contract.has(c));
    for (const code of extensions)
      expect({ code, contract: CATALOGUE[code].contract }).toEqual({ code, contract: false });
  });

  it("cites every rule in one format", () => {
    const reference =
      /^(?:(?:\d{4} )?r\.\d+(?:[-–]\w+)?|[A-Z]\d+|RP-5[ABC]?|IPC \d+|TCP rules|house(?: [a-z ]+)?|burn procedure|\d{4} addendum|r\.\d+-[A-Z]\d*)$/;
    const wrong = ALERT_CODES.filter((code) => {
      const rule = CATALOGUE[code].rule;
      return rule !== "—" && !rule.split(/[;,] /).every((part) => reference.test(part));
    });
    expect(wrong.map((c) => `${c}: ${CATALOGUE[c].rule}`)).toEqual([]);
  });

  it("and docs/alerts.md agree", () => {
    const path = join(REPO_ROOT, "docs/alerts.md");
    const want = renderAlertsDoc();
    if (process.env.UPDATE_DOCS === "1") writeFileSync(path, want);
    const have = readFileSync(path, "utf8");
    expect(have, "docs/alerts.md is out of date: run `npm run docs:alerts`").toBe(want);
    for (const code of ALERT_CODES) expect(have).toContain(`\`${code}\``);
    expect(dirname(path)).toBe(join(REPO_ROOT, "docs"));
  });
});

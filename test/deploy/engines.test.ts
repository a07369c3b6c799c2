/**
 * `npm ci` on the Node the product runs on (package.json engines, Node 20 on the Pi) installs no
 * package that declares another Node: npm prints EBADENGINE for each one, and a package that says
 * `>=22` may use what Node 20 lacks. cookie@2 (pulled by @fastify/cookie ≥ 11.1.1 and by fastify's
 * light-my-request ≥ 6.8) said `>=22`; package.json pins @fastify/cookie 11.1.0 and light-my-request
 * 6.6.0, the consumers' last versions on cookie 1. light-my-request is a direct dependency, not an
 * `overrides` entry, because npm ignores a dependency's overrides: the Pi installs the artifact as a
 * dependency of /opt/feltguard, and fastify's `^6.0.0` takes the pinned copy there too
 * (test/deploy/packedArtifact.alone.test.ts).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/paths.js";

interface LockEntry {
  version?: string;
  optional?: boolean;
  dev?: boolean;
  engines?: { node?: string } | string[];
}

const lock = JSON.parse(readFileSync(join(REPO_ROOT, "package-lock.json"), "utf8")) as {
  packages: Record<string, LockEntry>;
};
const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
  engines: { node: string };
};

/** The packages npm ci installs whatever the platform (optional ones are skipped where they do not fit). */
const installed = Object.entries(lock.packages).filter(([path, e]) => path !== "" && e.optional !== true);

/** Each installed package whose engines.node does not admit `node`, as `path@version needs range`. */
function refusing(node: string, entries: [string, LockEntry][]): string[] {
  return entries.flatMap(([path, e]) => {
    const range = Array.isArray(e.engines) ? undefined : e.engines?.node;
    if (range === undefined || semver.satisfies(node, range)) return [];
    return [`${path.replace(/^.*node_modules\//, "")}@${e.version ?? "?"} needs node ${range}`];
  });
}

describe("npm ci on Node 20", () => {
  it("package.json declares Node 20", () => {
    expect(semver.satisfies("20.0.0", manifest.engines.node)).toBe(true);
  });

  it("every package the table runs on admits every Node 20 (no EBADENGINE on the Pi)", () => {
    const runtime = installed.filter(([, e]) => e.dev !== true);
    // The first and the last Node 20 the Pi may have: a package that says >=22 fails both.
    expect(refusing("20.0.0", runtime)).toEqual([]);
    expect(refusing("20.99.0", runtime)).toEqual([]);
  });

  it("every package, the development tools too, admits the Node 20 this runs on", (ctx) => {
    if (semver.major(process.version) !== 20) ctx.skip(); // the tools' own floor (eslint: ^20.19) is for Node 20
    expect(refusing(process.version, installed)).toEqual([]);
  });

  it("the check sees a package that wants a later Node (cookie@2's >=22)", () => {
    expect(
      refusing("20.19.0", [["node_modules/cookie", { version: "2.0.2", engines: { node: ">=22" } }]]),
    ).toEqual(["cookie@2.0.2 needs node >=22"]);
  });
});

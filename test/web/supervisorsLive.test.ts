/**
 * `feltguard supervisor add|remove` while the table runs (docs/floor.md): the table reads the
 * supervisors' file again when it changes, so a supervisor added signs in at once, and one removed can
 * no longer sign in, and their open session ends at its next request. Before, the table read the file
 * once at start: a removed supervisor kept ruling for the rest of the shift (8 h by default).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createFloorServer } from "../../src/web/server.js";
import { Supervisors } from "../../src/web/supervisors.js";
import { testRuntime } from "./harness.js";

const dir = mkdtempSync(join(tmpdir(), "fg-supervisors-live-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the supervisors' file, changed while the table runs", () => {
  it("an added supervisor signs in at once; a removed one is signed out and refused", async () => {
    const file = join(dir, "supervisors.json");
    // What `feltguard supervisor add` does: its own instance of the file.
    const cli = () => Supervisors.load(file);
    await cli().add("Ana", "ana-floor-password");
    const { runtime } = testRuntime();
    const server = createFloorServer({
      runtime,
      tableName: "Table 1",
      token: undefined,
      host: "127.0.0.1",
      port: 0,
      readers: ["bridge"],
      supervisors: Supervisors.load(file),
      pollMs: 0,
    });
    const url = await server.listen();
    const signIn = (name: string, password: string) =>
      fetch(`${url}api/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name, password }),
      });
    const floorOp = (cookie: string) =>
      fetch(`${url}api/floor`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ op: "break" }),
      });
    try {
      const ana = await signIn("Ana", "ana-floor-password");
      expect(ana.status).toBe(200);
      const session = ana.headers.get("set-cookie")!.split(";")[0]!;
      expect((await floorOp(session)).status).toBe(200);

      await cli().add("Bo", "bo-floor-password");
      expect((await signIn("Bo", "bo-floor-password")).status).toBe(200);

      expect(cli().remove("Ana")).toBe(true);
      expect((await floorOp(session)).status).toBe(401);
      expect((await fetch(`${url}api/me`, { headers: { cookie: session } })).status).toBe(401);
      expect((await signIn("Ana", "ana-floor-password")).status).toBe(401);
    } finally {
      await server.close();
    }
  });
});

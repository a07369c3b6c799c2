/**
 * The README's first command: `npm start` builds and starts the simulated table, which prints the
 * floor page's address; the page answers there while hands are played.
 */
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/paths.js";

describe("npm start", () => {
  it("starts the simulated table and prints the floor page's address, where the page answers", async () => {
    const child = spawn("npm", ["start", "--silent"], {
      cwd: REPO_ROOT,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no floor page address in 90 s:\n${out.slice(-2000)}`)),
          90_000,
        );
        const look = setInterval(() => {
          const m = /Floor page: (http:\/\/\S+)/.exec(out);
          if (m?.[1]) {
            clearTimeout(timer);
            clearInterval(look);
            resolve(m[1]);
          }
        }, 100);
        child.on("exit", (code) => reject(new Error(`npm start exited (${code}):\n${out.slice(-2000)}`)));
      });
      const health = await fetch(new URL("/api/health", url));
      expect(health.ok).toBe(true);
      const page = await fetch(url);
      expect(await page.text()).toMatch(/<html/i);
      // The terminal shows the table: seats, the dealer panel, whose turn.
      await new Promise((r) => setTimeout(r, 1500));
      expect(out).toMatch(/Dealer panel/);
    } finally {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
    }
  }, 120_000);
});

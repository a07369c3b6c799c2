/**
 * The floor page over HTTPS (`displays.web.tls`, docs/floor.md): supervisors sign in with passwords, and
 * on a page served in plain HTTP those cross the table's LAN in clear. With a certificate and key the
 * page, its API and its WebSocket are served over TLS, and the session cookie is `Secure`. The test
 * certificate (test/web/fixtures) is self-signed for 127.0.0.1; the client trusts it as its own CA.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { Config } from "../../src/config/configSchema.js";
import { startFloorPage } from "../../src/web/start.js";
import { Supervisors } from "../../src/web/supervisors.js";
import { REPO_ROOT } from "../support/paths.js";
import { testRuntime } from "./harness.js";

const FIXTURES = join(REPO_ROOT, "test/web/fixtures");
const CERT = join(FIXTURES, "floor-tls.crt");
const KEY = join(FIXTURES, "floor-tls.key");
const dir = mkdtempSync(join(tmpdir(), "fg-floor-tls-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function withWeb(web: NonNullable<Config["displays"]["web"]>): Config {
  const base = loadConfig();
  return { ...base, displays: { ...base.displays, web } };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTPS request that trusts only the test certificate. */
function overTls(url: string, method = "GET", body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      url,
      { method, ca: readFileSync(CERT), headers: body ? { "content-type": "application/json" } : {} },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("the floor page over HTTPS", () => {
  it("serves the page and the API over TLS, signs a supervisor in with a Secure cookie, and refuses plain HTTP", async () => {
    const supervisors = join(dir, "supervisors.json");
    await Supervisors.load(supervisors).add("Ana", "ana-floor-password");
    const { runtime } = testRuntime();
    const abort = new AbortController();
    const url = await startFloorPage(
      runtime,
      withWeb({ host: "127.0.0.1", port: 0, supervisors, tls: { cert: CERT, key: KEY } }),
      { signal: abort.signal, env: {} },
    );
    try {
      expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/$/);
      expect((await overTls(`${url}api/table`)).status).toBe(200);
      const signedIn = await overTls(
        `${url}api/sign-in`,
        "POST",
        JSON.stringify({ name: "Ana", password: "ana-floor-password" }),
      );
      expect(signedIn.status).toBe(200);
      const cookie = String(signedIn.headers["set-cookie"]);
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      // The same port spoken to in plain HTTP gives no page.
      const plain = await new Promise<number | Error>((resolve) => {
        const req = httpRequest(`${url.replace("https:", "http:")}api/table`, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", (e) => resolve(e));
        req.end();
      });
      expect(plain === 200).toBe(false);
    } finally {
      abort.abort();
    }
  });

  it("a certificate or key it cannot read stops the start, naming the setting and the file", async () => {
    const { runtime } = testRuntime();
    const missing = join(dir, "no-such.key");
    await expect(
      startFloorPage(runtime, withWeb({ host: "127.0.0.1", port: 0, tls: { cert: CERT, key: missing } }), {
        env: {},
      }),
    ).rejects.toThrow(`displays.web.tls.key: cannot read ${missing}`);
  });
});

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port.ts";

/**
 * A real CalDAV server for the tests: Radicale (Debian's `radicale` package), started with a
 * throwaway configuration, storage and user in a temporary folder, on a free port. `.ci/run`
 * installs the package; where it is missing, the CalDAV suites skip and say so in one line.
 */
export const radicaleMissing = (() => {
  const found = spawnSync("radicale", ["--version"], { stdio: "ignore" });
  return found.error || found.status !== 0
    ? "CalDAV (install Radicale: apt-get install -y radicale)"
    : null;
})();

const unescapeXml = (text: string) =>
  text
    .replaceAll("&#13;", "")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&apos;", "'")
    .replaceAll("&amp;", "&");

export type Radicale = Awaited<ReturnType<typeof startRadicale>>;

export async function startRadicale() {
  const folder = mkdtempSync(path.join(tmpdir(), "fineline-radicale-"));
  const username = "owner";
  const password = `pw-${randomUUID()}`;
  const port = await freePort();
  writeFileSync(path.join(folder, "users"), `${username}:${password}\n`);
  writeFileSync(
    path.join(folder, "config"),
    [
      "[server]",
      `hosts = 127.0.0.1:${port}`,
      "[auth]",
      "type = htpasswd",
      `htpasswd_filename = ${path.join(folder, "users")}`,
      "htpasswd_encryption = plain",
      "[rights]",
      "type = owner_only",
      "[storage]",
      `filesystem_folder = ${path.join(folder, "collections")}`,
      "[logging]",
      "level = warning",
      "",
    ].join("\n"),
  );
  const log = openSync(path.join(folder, "radicale.log"), "a");
  let child: ChildProcess = spawn("radicale", ["--config", path.join(folder, "config")], {
    stdio: ["ignore", log, log],
  });
  const origin = `http://127.0.0.1:${port}`;
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;

  async function waitUntilServing() {
    for (let i = 0; i < 100; i++) {
      if (child.exitCode !== null) break;
      try {
        await fetch(`${origin}/`, { method: "OPTIONS", signal: AbortSignal.timeout(500) });
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    throw new Error(`Radicale did not start:\n${readFileSync(path.join(folder, "radicale.log"))}`);
  }
  await waitUntilServing();

  const dav = (url: string, method: string, body?: string, headers: object = {}) =>
    fetch(url, {
      method,
      headers: { authorization, ...headers },
      ...(body === undefined ? {} : { body }),
    });

  return {
    origin,
    username,
    password,
    /** A new, empty calendar collection, so every test starts clean. */
    async newCalendar(): Promise<string> {
      const url = `${origin}/${username}/${randomUUID()}/`;
      const made = await dav(url, "MKCALENDAR");
      if (made.status !== 201) throw new Error(`MKCALENDAR answered ${made.status}`);
      return url;
    },
    /** Puts an event (iCalendar text) into a calendar, as the owner's calendar program would. */
    async putEvent(calendarUrl: string, name: string, ics: string) {
      const put = await dav(`${calendarUrl}${name}.ics`, "PUT", ics, {
        "content-type": "text/calendar; charset=utf-8",
      });
      if (!put.ok) throw new Error(`PUT answered ${put.status}: ${await put.text()}`);
    },
    /** Every event in a calendar: its file name and iCalendar text. */
    async events(calendarUrl: string): Promise<Array<{ href: string; ics: string }>> {
      const report = await dav(
        calendarUrl,
        "REPORT",
        `<?xml version="1.0"?><c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:calendar-data/></d:prop><c:filter><c:comp-filter name="VCALENDAR"/></c:filter></c:calendar-query>`,
        { depth: "1", "content-type": "application/xml" },
      );
      const xml = await report.text();
      return [...xml.matchAll(/<href>([^<]+)<\/href>.*?<C:calendar-data>([^<]*)</gs)].map(
        ([, href = "", ics = ""]) => ({ href, ics: unescapeXml(ics) }),
      );
    },
    /** Stops the server (a calendar that went away); `restart` brings it back on the same port. */
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
    },
    async restart() {
      child = spawn("radicale", ["--config", path.join(folder, "config")], {
        stdio: ["ignore", log, log],
      });
      await waitUntilServing();
    },
    /** Pauses it (a calendar that hangs), or lets it go on. */
    pause: () => child.kill("SIGSTOP"),
    resume: () => child.kill("SIGCONT"),
    async close() {
      child.kill("SIGCONT");
      await this.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

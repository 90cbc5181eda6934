import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { todayIn } from "../domain/dates.ts";
import { type DatabaseHandle, openSqlite } from "../server/db/connect.ts";
import { leadStats } from "../server/leads/lead-stats.repository.ts";

const run = (args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, ["scripts/seed-demo-leads.ts", ...args], {
    env: { PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
  });

/**
 * Every seeded lead's follow-up date is on or after the day it arrived, in the owner's zone:
 * none is "overdue" for a day before it existed. Answers the ones that are not, to show.
 */
async function followUpsBeforeArrival(handle: DatabaseHandle, timeZone: string) {
  const rows = await handle.db
    .selectFrom("leads")
    .select(["created_at", "next_follow_up"])
    .execute();
  const planned = rows.filter((row) => row.next_follow_up !== null);
  expect(planned.length).toBeGreaterThan(0);
  return planned
    .map((row) => ({
      arrived: todayIn(timeZone, new Date(row.created_at)),
      due: row.next_follow_up,
    }))
    .filter((row) => (row.due ?? "") < row.arrived);
}

describe("npm run seed:demo", () => {
  it("writes worked and unworked leads with history across the last 12 weeks", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fineline-demo-"));
    const result = run(["--leads=60"], { DATA_DIR: dataDir });
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(/^60 demo leads written to sqlite \(\d+ already worked\)\./);
    const handle = openSqlite(path.join(dataDir, "app.db"));
    const stats = await leadStats(handle.db);
    expect(stats.newLeads).toBeGreaterThan(0);
    expect(stats.followingUp).toBeGreaterThan(0);
    const perWeek = stats.weeks.map((w) => Object.values(w.counts).reduce((a, b) => a + b, 0));
    expect(perWeek.reduce((a, b) => a + b, 0)).toBe(60);
    expect(perWeek.filter((n) => n > 0).length).toBeGreaterThan(8);
    const events = await handle.db.selectFrom("lead_events").select("field").execute();
    expect(events.length).toBeGreaterThan(0);
    expect(await followUpsBeforeArrival(handle, "UTC")).toEqual([]);
    await handle.close();
  });

  it("writes varied, believable leads, and says so when a second run writes nothing", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fineline-demo-"));
    // An owner far ahead of UTC, where a lead's day and UTC's differ for half of each day.
    const env = { DATA_DIR: dataDir, TIMEZONE: "Pacific/Auckland" };
    expect(run(["--leads=180"], env).stdout).toMatch(/^180 demo leads written/);
    const again = run(["--leads=180"], env);
    expect(again.stdout).toMatch(
      /^0 demo leads written to sqlite \(0 already worked\); 180 were already there from a run in the last 10 minutes/,
    );
    const handle = openSqlite(path.join(dataDir, "app.db"));
    const rows = await handle.db.selectFrom("leads").select(["message", "source"]).execute();
    expect(rows).toHaveLength(180);
    expect(new Set(rows.map((r) => r.message)).size).toBeGreaterThanOrEqual(150);
    expect(new Set(rows.map((r) => r.source)).size).toBeGreaterThanOrEqual(4);
    expect(await followUpsBeforeArrival(handle, "Pacific/Auckland")).toEqual([]);
    await handle.close();
  });

  it("never plans a lead's follow-up for a day before it arrived, in the owner's zone", async () => {
    // 56 and 200 leads put a worked conversation among the last three days' arrivals, where
    // a follow-up up to three days back used to land before the lead existed.
    for (const [leads, timeZone] of [
      [56, "UTC"],
      [200, "Pacific/Auckland"],
    ] as const) {
      const dataDir = mkdtempSync(path.join(tmpdir(), "fineline-demo-"));
      const result = run([`--leads=${leads}`], { DATA_DIR: dataDir, TIMEZONE: timeZone });
      expect(result.stderr).toBe("");
      const handle = openSqlite(path.join(dataDir, "app.db"));
      expect(await followUpsBeforeArrival(handle, timeZone)).toEqual([]);
      await handle.close();
    }
  });

  it("refuses to run in production", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fineline-demo-"));
    const result = run([], { DATA_DIR: dataDir, NODE_ENV: "production" });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/does not run with NODE_ENV=production/);
  });
});

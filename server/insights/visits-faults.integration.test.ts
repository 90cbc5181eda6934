import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPostgres } from "../db/connect.ts";
import { postgresAdminQuery, postgresUrlFor } from "../test-support/databases.ts";
import { sleep, terminateBackends } from "../test-support/postgres-faults.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { testSecret } from "../test-support/tokens.ts";

/**
 * Beacons through what real deployments do to PostgreSQL (ADR 020, as
 * server/postgres-faults.integration.test.ts does for leads): every backend of the app's
 * database is terminated during a burst of beacons. A connection lost under a count is
 * replaced and the count tried again, so every beacon is answered 204 and every visitor kept.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const dbName = `beacon_faults_${process.pid}_${Date.now().toString(36)}`;
const browser =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

describe.runIf(pgUrl)(
  "beacons through terminated PostgreSQL backends",
  { timeout: 120_000 },
  () => {
    let app: FastifyInstance;
    let direct: DatabaseHandle;

    beforeAll(async () => {
      await postgresAdminQuery(`create database "${dbName}"`);
      app = await buildTestApp(undefined, {
        DATABASE_URL: postgresUrlFor(dbName),
        JWT_SECRET: testSecret,
        DIGEST_HOUR: "off",
      });
      direct = openPostgres(postgresUrlFor(dbName), { log: { warn: () => {} } });
    }, 60_000);

    afterAll(async () => {
      await app?.close();
      await direct?.close();
      if (pgUrl) await postgresAdminQuery(`drop database if exists "${dbName}" with (force)`);
    }, 60_000);

    it("answers every beacon 204 and keeps every visitor once", async () => {
      let sent = 0;
      let stop = false;
      const statuses = new Map<number, number>();
      /** One visitor per beacon (its own address), so each acknowledged one is a visitor row. */
      const lane = async () => {
        while (!stop) {
          const n = sent++;
          const response = await app.inject({
            method: "POST",
            url: "/api/visits",
            remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            headers: { "user-agent": browser, "content-type": "text/plain;charset=UTF-8" },
            payload: JSON.stringify({ path: "/about", referrer: "https://www.google.com/" }),
          });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          await sleep(2);
        }
      };
      const load = Array.from({ length: 16 }, lane);
      let ended = 0;
      for (let round = 0; round < 3; round++) {
        await sleep(600);
        ended += await terminateBackends(dbName);
      }
      await sleep(600);
      stop = true;
      await Promise.all(load);

      expect(ended, "the app had connections to end").toBeGreaterThan(0);
      expect(Object.fromEntries(statuses)).toEqual({ 204: sent });
      const visitors = await direct.db
        .selectFrom("visitors")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(visitors.n)).toBe(sent);
      const views = await direct.db
        .selectFrom("page_view_totals")
        .select((eb) => eb.fn.sum<string>("views").as("n"))
        .executeTakeFirstOrThrow();
      // A lost commit that had in fact gone through is counted again: views may exceed, never fall short.
      expect(Number(views.n)).toBeGreaterThanOrEqual(sent);
      console.log(
        `beacon faults: ${ended} backends terminated over 3 rounds; ${sent} beacons, ` +
          `answers ${JSON.stringify(Object.fromEntries(statuses))}, ${views.n} page views counted`,
      );
    });
  },
);

import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPostgres } from "../db/connect.ts";
import { postgresAdminQuery, postgresUrlFor } from "../test-support/databases.ts";
import { sleep, terminateBackends } from "../test-support/postgres-faults.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { testSecret } from "../test-support/tokens.ts";

/**
 * Bookings through what real deployments do to PostgreSQL (ADR 020, as the contact form's
 * server/postgres-faults.integration.test.ts): every backend of the app's database is
 * terminated during a burst of bookings. A booking whose connection is lost is tried again on
 * a new one, and one whose lost commit did go through is found by its meeting's ID: no 503,
 * and every acknowledged call stored exactly once.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const dbName = `booking_faults_${process.pid}_${Date.now().toString(36)}`;
// Thursday 26 November 2026, 08:00 in New York.
const now = new Date("2026-11-26T13:00:00.000Z");

describe.runIf(pgUrl)(
  "bookings through terminated PostgreSQL backends",
  { timeout: 120_000 },
  () => {
    let app: FastifyInstance;
    let direct: DatabaseHandle;

    beforeAll(async () => {
      await postgresAdminQuery(`create database "${dbName}"`);
      app = await buildTestApp(
        undefined,
        {
          DATABASE_URL: postgresUrlFor(dbName),
          JWT_SECRET: testSecret,
          TIMEZONE: "America/New_York",
          DIGEST_HOUR: "off",
          // The caps per client are not what is tested: every booking comes from one test.
          RATE_LIMIT: "off",
        },
        { now: () => now },
      );
      direct = openPostgres(postgresUrlFor(dbName), { log: { warn: () => {} } });
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await direct?.close();
      if (pgUrl) await postgresAdminQuery(`drop database if exists "${dbName}" with (force)`);
    }, 60_000);

    it("answers every booking, never 503, and keeps every acknowledged call once", async () => {
      const slots: string[] = (
        await app.inject({ method: "GET", url: "/api/booking/slots?from=2026-11-30&to=2026-12-24" })
      )
        .json()
        .slots.map((slot: { start: string }) => slot.start);
      // Every other time, so no booking's buffer takes the next one's.
      const free = slots.filter((_, n) => n % 2 === 0);
      expect(free.length).toBeGreaterThan(60);
      let next = 0;
      let stop = false;
      const statuses = new Map<number, number>();
      const booked: string[] = [];
      const lane = async () => {
        while (!stop && next < free.length) {
          const n = next++;
          const response = await app.inject({
            method: "POST",
            url: "/api/booking",
            payload: {
              email: `caller${n}@example.com`,
              firstName: "Pat",
              lastName: `Caller ${n}`,
              start: free[n],
            },
          });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (response.statusCode === 201) booked.push(response.json().booking.ID);
          else console.log(`booking faults: ${response.statusCode} ${response.body}`);
          await sleep(5);
        }
      };
      const load = Array.from({ length: 6 }, lane);
      let ended = 0;
      for (let round = 0; round < 3; round++) {
        await sleep(300);
        ended += await terminateBackends(dbName);
      }
      stop = true;
      await Promise.all(load);

      expect(ended, "the app had connections to end").toBeGreaterThan(0);
      // Every request was answered as a booking (or, for a time someone else took, 409).
      expect([...statuses.keys()].filter((status) => status !== 201)).toEqual([]);
      const stored = await direct.db.selectFrom("meetings").select("id").execute();
      expect(stored.map((row) => row.id).sort()).toEqual([...booked].sort());
      console.log(
        `booking faults: ${ended} backends terminated over 3 rounds; answers ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
    });
  },
);

import net from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPostgres } from "../db/connect.ts";
import { postgresAdminQuery, postgresUrlFor } from "../test-support/databases.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { testSecret } from "../test-support/tokens.ts";

/**
 * The worst moment to lose a connection: PostgreSQL has committed the booking, and its answer
 * never reaches the app (a failover right after the commit). The booking is tried again, finds
 * its own meeting by the ID fixed before the first try, and answers it as booked: one call,
 * one lead, never a second booking and never an error (docs/booking.md, ADR 020).
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const dbName = `booking_lost_commit_${process.pid}_${Date.now().toString(36)}`;
// Thursday 26 November 2026, 08:00 in New York.
const now = new Date("2026-11-26T13:00:00.000Z");

/**
 * A TCP proxy in front of PostgreSQL that, once armed, lets the next COMMIT through and
 * drops the connection as the database answers it: the commit is made, its answer is lost.
 */
async function startCommitCutter(target: { host: string; port: number }) {
  let armed = false;
  let cut = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    let cutting = false;
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => {}).on("close", () => sockets.delete(socket));
    }
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("close", end);
    upstream.on("close", end);
    client.on("data", (chunk: Buffer) => {
      if (armed && /\bcommit\b/i.test(chunk.toString("latin1"))) {
        armed = false;
        cutting = true;
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (!cutting) return void client.write(chunk);
      cut++;
      end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    armNextCommit: () => {
      armed = true;
    },
    cuts: () => cut,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.runIf(pgUrl)("a booking whose commit's answer is lost", { timeout: 60_000 }, () => {
  let cutter: Awaited<ReturnType<typeof startCommitCutter>>;
  let app: FastifyInstance;
  let direct: DatabaseHandle;

  beforeAll(async () => {
    await postgresAdminQuery(`create database "${dbName}"`);
    const target = new URL(pgUrl ?? "");
    cutter = await startCommitCutter({ host: target.hostname, port: Number(target.port || 5432) });
    app = await buildTestApp(
      undefined,
      {
        DATABASE_URL: postgresUrlFor(dbName, cutter.port),
        JWT_SECRET: testSecret,
        TIMEZONE: "America/New_York",
        DIGEST_HOUR: "off",
      },
      { now: () => now },
    );
    direct = openPostgres(postgresUrlFor(dbName), { log: { warn: () => {} } });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await direct?.close();
    await cutter?.close();
    if (pgUrl) await postgresAdminQuery(`drop database if exists "${dbName}" with (force)`);
  }, 60_000);

  it("answers the call it stored as booked, and books it once", async () => {
    const slots = await app.inject({
      method: "GET",
      url: "/api/booking/slots?from=2026-11-30&to=2026-11-30",
    });
    const start: string = slots.json().slots[0].start;
    cutter.armNextCommit();
    const res = await app.inject({
      method: "POST",
      url: "/api/booking",
      payload: { email: "rosa@bakery.example", firstName: "Rosa", lastName: "Delgado", start },
    });
    expect(cutter.cuts(), "a commit's answer was lost").toBe(1);
    expect(res.statusCode).toBe(201);
    const meetings = await direct.db.selectFrom("meetings").select(["id", "start_at"]).execute();
    expect(meetings.map((row) => row.id)).toEqual([res.json().booking.ID]);
    expect(await direct.db.selectFrom("leads").select("id").execute()).toHaveLength(1);
    // The time is taken: it is no longer offered.
    const after = await app.inject({
      method: "GET",
      url: "/api/booking/slots?from=2026-11-30&to=2026-11-30",
    });
    expect(after.json().slots.map((slot: { start: string }) => slot.start)).not.toContain(start);
  });
});

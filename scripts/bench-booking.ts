/**
 * `npm run bench:booking`: the free times for 30 days with 1,000 meetings booked in them,
 * through the whole app (Fastify, Kysely, the database) with app.inject(), and a booking
 * itself. The owner is open every day around the clock with 15-minute calls and a 5-minute
 * buffer, so the 30 days offer some 2,000 times among the 1,000 taken. SQLite always;
 * PostgreSQL too when TEST_DATABASE_URL is set (in a schema of its own, dropped afterwards).
 * Goal at p95: 50 ms for the 30 days of slots.
 *
 *   npm run bench:booking [-- --meetings=1000] [-- --runs=200]
 */
import { sql } from "kysely";
import { type Availability, defaultAvailability } from "../domain/booking.ts";
import { weekdays } from "../domain/booking-texts.ts";
import { todayIn } from "../domain/dates.ts";
import { saveAvailability } from "../server/booking/availability.repository.ts";
import { blocksOf } from "../server/booking/booking.repository.ts";
import { uuidv7 } from "../server/db/uuid.ts";
import { testEngines } from "../server/test-support/databases.ts";
import { buildTestApp } from "../server/test-support/test-app.ts";
import { testSecret } from "../server/test-support/tokens.ts";

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value = ""] = arg.replace(/^--/, "").split("=");
    return [key, value] as const;
  }),
);
const meetingCount = Number(args.get("meetings") || 1000);
const runs = Number(args.get("runs") || 200);
const timeZone = "America/New_York";

const openAllDay: Availability = {
  ...defaultAvailability,
  weeklyHours: Object.fromEntries(
    weekdays.map((day) => [day, [{ start: "00:00", end: "24:00" }]]),
  ) as Availability["weeklyHours"],
  meetingMinutes: 15,
  bufferMinutes: 5,
  noticeHours: 0,
  horizonDays: 30,
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function measure(engine: (typeof testEngines)[number]) {
  const database = await engine.open();
  const now = new Date();
  await saveAvailability(database.db, openAllDay, now);
  // Every other 15-minute start from tomorrow on: 1,000 meetings across some 21 days.
  const first = Math.ceil(now.getTime() / 900_000) * 900_000 + 86_400_000;
  for (let i = 0; i < meetingCount; i += 200) {
    const batch = Array.from({ length: Math.min(200, meetingCount - i) }, (_, j) => {
      const start = first + (i + j) * 2 * 1_200_000;
      return { id: uuidv7(), leadId: uuidv7(), start, end: start + 900_000 };
    });
    await database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("leads")
        .values(
          batch.map((m, k) => ({
            id: m.leadId,
            first_name: `Visitor${i + k}`,
            last_name: "Bench",
            email: `visitor${i + k}@bench.example`,
            message: "",
            contacted_us: true,
            lead_status: "WARM",
            comm_status: "UNREAD",
            notes: "",
            source_page: "/book",
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
          })),
        )
        .execute();
      await trx
        .insertInto("meetings")
        .values(
          batch.map((m) => ({
            id: m.id,
            lead_id: m.leadId,
            start_at: new Date(m.start).toISOString(),
            end_at: new Date(m.end).toISOString(),
            day: todayIn(timeZone, new Date(m.start)),
            status: "booked" as const,
            sequence: 0,
            token_hash: uuidv7(),
            visitor_time_zone: null,
            cancelled_by: null,
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
          })),
        )
        .execute();
      await trx
        .insertInto("meeting_claims")
        .values(
          batch.flatMap((m) =>
            blocksOf(m, openAllDay.bufferMinutes).map((block) => ({ block, meeting_id: m.id })),
          ),
        )
        .execute();
    });
  }
  if (engine.name === "postgres")
    await sql`vacuum (analyze) meetings, meeting_claims`.execute(database.db);
  const app = await buildTestApp(database, {
    JWT_SECRET: testSecret,
    TIMEZONE: timeZone,
    RATE_LIMIT: "off",
  });
  const rows: string[] = [];
  const time = async (name: string, call: () => Promise<{ statusCode: number }>, goal: number) => {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const res = await call();
      times.push(performance.now() - started);
      if (res.statusCode >= 400) throw new Error(`${name}: ${res.statusCode}`);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    rows.push(
      `| ${engine.name.padEnd(8)} | ${name.padEnd(26)} | ${percentile(times, 50).toFixed(1).padStart(6)} | ${p95.toFixed(1).padStart(6)} | ${p95 <= goal ? "yes" : "NO "} |`,
    );
  };
  let offered = 0;
  await time(
    "slots, 30 days",
    async () => {
      const res = await app.inject({ method: "GET", url: "/api/booking/slots" });
      offered = res.json().slots.length;
      return res;
    },
    50,
  );
  const free = (await app.inject({ method: "GET", url: "/api/booking/slots" })).json()
    .slots as Array<{ start: string }>;
  let next = 0;
  await time(
    "book a call",
    () =>
      app
        .inject({
          method: "POST",
          url: "/api/booking",
          payload: {
            email: `booker${next}@bench.example`,
            firstName: "Bench",
            lastName: "Booker",
            start: free[(next++ * 7) % free.length]?.start,
          },
        })
        .then((res) => ({ statusCode: res.statusCode === 409 ? 200 : res.statusCode })),
    100,
  );
  await app.close();
  await database.close();
  return { rows, offered };
}

const table = [
  "| engine   | call                       | p50 ms | p95 ms | goal met |",
  "|---|---|---|---|---|",
];
for (const engine of testEngines) {
  const { rows, offered } = await measure(engine);
  table.push(...rows);
  console.error(`${engine.name}: ${meetingCount} meetings booked, ${offered} times offered`);
}
console.log(table.join("\n"));

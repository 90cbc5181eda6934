/**
 * `npm run seed:demo`: fills the configured database (DATA_DIR's SQLite file, or DATABASE_URL)
 * with believable leads from the last 12 weeks, worked the way an owner works them, so the
 * lead tracker and the dashboard can be tried and screenshotted locally. Every status change
 * goes through the same repository call as the admin page, so history and "converted this
 * month" are real. Refuses to run with NODE_ENV=production.
 *
 *   DATA_DIR=/tmp/fl-data npm run seed:demo [-- --leads=180]
 */

import { addDays, todayIn } from "../domain/dates.ts";
import { commStatuses, type LeadStatus } from "../domain/leads.ts";
import { loadConfig } from "../server/config.ts";
import { connectDatabase } from "../server/db/connect.ts";
import { createContactLead } from "../server/leads/lead-intake.repository.ts";
import { updateLead } from "../server/leads/lead-updates.repository.ts";

if (process.env.NODE_ENV === "production") {
  console.error("seed:demo writes made-up leads; it does not run with NODE_ENV=production.");
  process.exit(1);
}

const count = Number(process.argv.find((a) => a.startsWith("--leads="))?.split("=")[1] ?? 180);

const firstNames = [
  "Rosa",
  "Tom",
  "Amara",
  "Jonas",
  "Priya",
  "Lucas",
  "Mei",
  "Owen",
  "Sofia",
  "Dev",
  "Hannah",
  "Kwame",
];
const lastNames = [
  "Delgado",
  "Baker",
  "Okafor",
  "Berg",
  "Shah",
  "Moreau",
  "Chen",
  "Price",
  "Rossi",
  "Patel",
  "Keller",
  "Mensah",
];
const businesses = [
  ["bakery", "We run a neighbourhood bakery and want people to order cakes online."],
  ["physio", "Our physio clinic needs online booking that works on phones."],
  ["florist", "Florist here: our site is slow and we lose wedding enquiries."],
  ["builders", "Small building firm. We need a site that shows our projects properly."],
  ["cafe", "Café with two locations, looking for a menu and events page we can edit ourselves."],
  ["dental", "Dental practice moving off an old WordPress theme; patients complain it is slow."],
  ["salon", "Hair salon: we want bookings, prices and a gallery, and to show up on Google."],
  ["brewery", "Craft brewery wanting a shop for our taproom and a newsletter sign-up."],
] as const;

const day = 24 * 60 * 60 * 1000;
const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;

const config = loadConfig(process.env);
const { db, engine, close } = await connectDatabase(config);
const actor = { id: null, email: "demo@fineline.studio" };
const now = Date.now();
let worked = 0;
for (let i = 0; i < count; i++) {
  // More leads lately, as a site that is working gets more of them. At most 76 days and some
  // hours old, so every lead falls inside the dashboard's 12 weeks whatever the weekday.
  const age = Math.floor((1 - Math.sqrt((i + 0.5) / count)) * 76 * day);
  const arrived = new Date(now - age - (i % 7) * 3_600_000);
  const [trade, message] = pick(businesses, i * 5 + 3);
  const first = pick(firstNames, i * 7);
  const last = pick(lastNames, i * 11 + 2);
  const { id } = await createContactLead(
    db,
    {
      firstName: first,
      lastName: last,
      email: `${first}.${last}${i}@${trade}.example`.toLowerCase(),
      message,
      sourcePage: "/home",
    },
    { now: arrived },
  );
  // The newest dozen stay UNREAD; the rest have been worked, a few days after arriving.
  if (age < 4 * day && i % 3 !== 0) continue;
  const lead: LeadStatus = pick(
    ["WARM", "HOT", "COLD", "CONVERTED", "ABANDONED", "WARM", "HOT"],
    i,
  );
  const comm =
    lead === "CONVERTED"
      ? "RESOLVED"
      : lead === "ABANDONED"
        ? "DEAD"
        : pick(
            commStatuses.filter((c) => c !== "UNREAD"),
            i,
          );
  const at = new Date(Math.min(now, arrived.getTime() + ((i % 5) + 1) * day));
  const notes = lead === "HOT" ? { Notes: "Wants a call next week about timings and budget." } : {};
  // Conversations under way have a next step: a few overdue, some today, most ahead.
  const followUp =
    (comm === "REPLIED" || comm === "CONVERSING") && i % 2 === 0
      ? { NextFollowUp: addDays(todayIn(config.timeZone), (i % 9) - 3) }
      : {};
  await updateLead(
    db,
    { id, changes: { CommStatus: comm, LeadStatus: lead, ...notes, ...followUp } },
    actor,
    at,
  );
  worked++;
}
console.log(`${count} demo leads written to ${engine} (${worked} already worked).`);
await close();

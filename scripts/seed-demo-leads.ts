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
import { commStatuses, type LeadStatus } from "../domain/lead-record.ts";
import { type LeadSource, leadSourceOf } from "../domain/lead-source.ts";
import { loadConfig } from "../server/config.ts";
import { createContactLead } from "../server/contact/lead-intake.repository.ts";
import { connectDatabase } from "../server/db/connect.ts";
import { type CountedView, countViews } from "../server/insights/visits.repository.ts";
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
  "Elena",
  "Marcus",
  "Aisha",
  "Felix",
  "Grace",
  "Mateo",
  "Nadia",
  "Sam",
  "Ingrid",
  "Theo",
  "Yuki",
  "Carmen",
  "Ravi",
  "Leah",
  "Omar",
  "Beth",
  "Diego",
  "Freya",
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
  "Lindqvist",
  "Byrne",
  "Haddad",
  "Novak",
  "Ortiz",
  "Walsh",
  "Tanaka",
  "Adeyemi",
  "Fischer",
  "Romero",
  "Kowalski",
  "Murphy",
  "Sato",
  "Grant",
  "Iyer",
  "Costa",
  "Reid",
];

/** Who writes in: a trade, what they are, and the domain their e-mail comes from. */
const businesses = [
  ["bakery", "We run a neighborhood bakery"],
  ["physio", "I own a small physiotherapy clinic"],
  ["florist", "We're a florist doing mostly weddings and events"],
  ["builders", "We're a building firm of eight people"],
  ["cafe", "We have a café with two locations"],
  ["dental", "I manage a family dental practice"],
  ["salon", "I run a hair salon"],
  ["brewery", "We're a craft brewery with a taproom"],
  ["plumbing", "I'm a plumber working across the county"],
  ["yoga", "I teach yoga from a studio above the bookshop"],
  ["vet", "We're an independent vet practice"],
  ["bikes", "We repair and sell bikes"],
  ["law", "We're a two-partner law office"],
  ["tutoring", "I run a tutoring service for high-school math"],
  ["catering", "We do catering for offices and weddings"],
  ["garden", "I'm a landscape gardener"],
  ["pets", "We groom dogs and cats"],
  ["inn", "We own a twelve-room inn by the harbor"],
  ["winery", "We're a family winery with a tasting room"],
  ["moving", "We're a local moving company"],
] as const;

const problems = [
  "and our website is slow on phones",
  "and people can't find our prices",
  "and our site still looks like it did in 2014",
  "and we get calls asking things the website should answer",
  "and we lose bookings to a competitor with a nicer site",
  "and nobody on the team can edit the site anymore",
  "and our WordPress theme broke after an update",
  "and we don't show up when people search nearby",
  "and the contact form sometimes doesn't send",
  "and we have no website at all, just a social page",
];
const asks = [
  "We'd like online booking that works on a phone.",
  "Could you quote for a redesign with a simple menu we can update ourselves?",
  "We want a shop for about 40 products and gift cards.",
  "Looking for a faster site and help with Google reviews.",
  "We need a gallery of past work and a quote request form.",
  "Can you move us off our old theme without losing our pages?",
  "We'd love an events calendar and a newsletter sign-up.",
  "Mainly we need it to load fast and look trustworthy.",
];
const details = [
  "Budget is around $6k.",
  "We'd like it live before the spring season.",
  "Happy to talk this week; afternoons are best.",
  "A friend recommended you after you did their site.",
  "We already have a logo and photos.",
  "",
  "Please call rather than e-mail if you can.",
  "Timing is flexible, but sooner is better.",
  "",
];

/**
 * Where visits came from: a page and, for some, a referrer or a campaign, labelled as the
 * contact form labels them (a site by its name: google, duckduckgo, instagram).
 */
const visits: Array<{ page: string; source: LeadSource | undefined }> = [
  { page: "/home", source: undefined },
  { page: "/home", source: leadSourceOf({ referrer: "https://www.google.com/" }) },
  { page: "/previous-work", source: leadSourceOf({ referrer: "https://www.google.com/" }) },
  {
    page: "/home3",
    source: leadSourceOf({ utmSource: "flyer", utmMedium: "print", utmCampaign: "spring-market" }),
  },
  { page: "/guides/wordpress", source: leadSourceOf({ referrer: "https://duckduckgo.com/" }) },
  {
    page: "/home2",
    source: leadSourceOf({ utmSource: "newsletter", utmMedium: "email", utmCampaign: "november" }),
  },
  { page: "/about", source: leadSourceOf({ referrer: "https://www.instagram.com/" }) },
];

const day = 24 * 60 * 60 * 1000;
const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;

const config = loadConfig(process.env);
const { db, engine, close } = await connectDatabase(config);
const actor = { id: null, email: "demo@fineline.studio" };
const now = Date.now();
let worked = 0;
let written = 0;
let repeated = 0;
for (let i = 0; i < count; i++) {
  // More leads lately, as a site that is working gets more of them. At most 76 days and some
  // hours old, so every lead falls inside the dashboard's 12 weeks whatever the weekday.
  const age = Math.floor((1 - Math.sqrt((i + 0.5) / count)) * 76 * day);
  const arrived = new Date(now - age - (i % 7) * 3_600_000);
  const [trade, intro] = pick(businesses, i * 7 + 3);
  // Each part cycles at its own length, so few messages repeat among a few hundred leads.
  const message = [
    `${intro} ${pick(problems, i * 3 + 1)}.`,
    pick(asks, i * 5 + 2),
    pick(details, i),
  ]
    .filter(Boolean)
    .join(" ");
  const first = pick(firstNames, i * 7);
  const last = pick(lastNames, i * 11 + 2);
  const visit = pick(visits, i * 3);
  const { id, duplicate } = await createContactLead(
    db,
    {
      firstName: first,
      lastName: last,
      email: `${first}.${last}${i}@${trade}.example`.toLowerCase(),
      message,
      sourcePage: visit.page,
      entryPage: visit.page,
      ...(visit.source ? { source: visit.source } : {}),
    },
    { now: arrived },
  );
  // The same lead sent again within the repeat window (a second run straight after the
  // first) is stored once, as the contact form would: nothing new to write or work.
  if (duplicate) {
    repeated++;
    continue;
  }
  written++;
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
  // Conversations under way have a next step: a few overdue, some today, most ahead. Never
  // before the day the lead was worked (so never before the day it arrived, in the owner's
  // zone): a lead that came in yesterday cannot be three days overdue. Dates as YYYY-MM-DD
  // compare as text.
  const planned = addDays(todayIn(config.timeZone), (i % 9) - 3);
  const workedOn = todayIn(config.timeZone, at);
  const followUp =
    (comm === "REPLIED" || comm === "CONVERSING") && i % 2 === 0
      ? { NextFollowUp: planned.localeCompare(workedOn) < 0 ? workedOn : planned }
      : {};
  // Most worked leads have an estimated value: a small site to a larger build.
  const value =
    i % 4 === 3 ? {} : { Value: pick([1800, 2500, 4200, 6500, 9800, 14500, 24000], i * 5) };
  await updateLead(
    db,
    { id, changes: { CommStatus: comm, LeadStatus: lead, ...notes, ...followUp, ...value } },
    actor,
    at,
  );
  worked++;
}

console.log(
  repeated === 0
    ? `${written} demo leads written to ${engine} (${worked} already worked).`
    : `${written} demo leads written to ${engine} (${worked} already worked); ${repeated} were ` +
        "already there from a run in the last 10 minutes and were not written again.",
);
// Visits of the same 12 weeks, counted as the site counts them (no cookie, a made-up hash per
// visitor and day), so /admin/insights has something to show: more lately, most on weekdays.
// Only with the leads: a run that wrote none (a repeat) counts no visits twice either.
let views = 0;
for (let back = written > 0 ? 83 : -1; back >= 0; back--) {
  const date = addDays(todayIn(config.timeZone), -back);
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  const visitors = Math.round(
    (40 + (83 - back) * 0.8) * (weekday === 0 || weekday === 6 ? 0.5 : 1),
  );
  const batch: CountedView[] = [];
  for (let v = 0; v < visitors; v++) {
    const entry = pick(visits, v * 5 + back);
    const pages = 1 + (v % 4);
    for (let p = 0; p < pages; p++)
      batch.push({
        day: date,
        visitor: `demo-${date}-${v}`,
        path:
          p === 0
            ? entry.page
            : pick(["/previous-work", "/about", "/events", "/book", "/guides"], v + p),
        source: entry.source?.source ?? "direct",
        at: new Date(`${date}T15:00:00Z`),
      });
  }
  await countViews(db, batch);
  views += batch.length;
}
if (views) console.log(`${views} demo page views counted over 12 weeks.`);
await close();

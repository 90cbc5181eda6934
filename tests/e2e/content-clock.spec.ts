import { type APIRequestContext, expect, test } from "@playwright/test";
import type { Session } from "./accounts.ts";
import { createDraft, openEditor, postFields, publishNow, visit } from "./content-owner.ts";
import { type PrivateServer, startPrivateServer } from "./private-server.ts";

/**
 * What changes the live site with nobody asking (docs/site.md, "Time"): a scheduled publish
 * and an event that ends, each while the server runs. The studio takes times to the minute,
 * so each test waits for the next whole minute and the server's timed pass after it (up to
 * 15 s for the schedule, 20 s for the events' pages): up to about 1.5 minutes. The two are
 * independent, so with two workers they wait side by side, each on a server of its own
 * (the file's name sorts it first, so its waits overlap the other content specs' work).
 */
let server: PrivateServer;
let session: Session;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startPrivateServer(test.info().workerIndex);
});
test.afterAll(async () => server?.stop());
test.beforeEach(async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  session = await server.signIn(page);
});

/**
 * The next whole minute at least `leadMs` away, as the studio's inputs take it on the owner's
 * clock (TIMEZONE unset: UTC).
 */
function nextMinute(leadMs: number) {
  const at = new Date(Math.ceil((Date.now() + leadMs) / 60_000) * 60_000);
  const iso = at.toISOString();
  return { at, day: iso.slice(0, 10), time: iso.slice(11, 16), local: iso.slice(0, 16) };
}

/**
 * Polls a public page each second until it answers 200 with `text`; returns when it first did.
 */
async function firstServed(request: APIRequestContext, url: string, text: string, by: number) {
  let servedAt = 0;
  await expect
    .poll(
      async () => {
        const answer = await visit(request, url);
        if (answer.status === 200 && answer.text.includes(text)) servedAt = Date.now();
        return servedAt > 0;
      },
      { timeout: Math.max(1000, by - Date.now()), intervals: [1000] },
    )
    .toBe(true);
  return servedAt;
}

test("a scheduled post goes live at its time, with nobody publishing it", async ({
  page,
  request,
}) => {
  const slug = "scheduled-for-later";
  const text = "Written today, live at the minute it was set for.";
  const draft = await createDraft(
    page,
    server.origin,
    session,
    postFields(slug, "Scheduled for later", text),
  );
  const url = `${server.origin}/secret/blog/blog/${slug}`;
  await openEditor(page, server.origin, draft.id);
  const when = nextMinute(25_000);
  await page.getByRole("button", { name: "Schedule…" }).click();
  const publishing = page.getByRole("region", { name: "Publishing" });
  await publishing.getByLabel("Date", { exact: true }).fill(when.day);
  await publishing.getByLabel("Time", { exact: true }).fill(when.time);
  await publishing.getByRole("button", { name: "Schedule", exact: true }).click();
  // Said in the live region (and on the status chip, without the full stop).
  await expect(publishing.getByText(/^Scheduled for .+\.$/)).toBeVisible();
  expect(Date.now(), "scheduled ahead of its time").toBeLessThan(when.at.getTime());
  expect((await visit(request, url)).status).not.toBe(200);

  // Nobody touches the studio from here: the job publishes it (every 15 s) and renders it.
  await page.close();
  const servedAt = await firstServed(request, url, text, when.at.getTime() + 30_000);
  expect(servedAt).toBeGreaterThanOrEqual(when.at.getTime());
  const journal = await visit(request, `${server.origin}/secret/blog`);
  expect(journal.text).toContain("Scheduled for later");
});

/** An instant as the content's fields write it: ISO 8601 with its offset, to the minute. */
const isoMinute = (at: Date) => `${at.toISOString().slice(0, 16)}:00+00:00`;

test("an event that ends while the server runs is past on its page and on /events", async ({
  page,
  request,
}) => {
  const slug = "evening-that-ends-now";
  const title = "An evening that ends now";
  const started = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 3_600_000);
  const draft = await createDraft(page, server.origin, session, {
    type: "event",
    slug,
    title,
    description: "An online evening the end-to-end tests publish while it is on and watch end.",
    start: isoMinute(started),
    end: isoMinute(new Date(started.getTime() + 3 * 3_600_000)),
    format: "online",
    onlineNote: "Held live on a video call",
    price: "Free",
    capacity: 30,
    announced: new Date(started.getTime() - 2 * 86_400_000).toISOString().slice(0, 10),
    body: "## What it is\n\nAn hour of questions and answers, online.",
  });
  const eventUrl = `${server.origin}/events/${slug}`;
  const register = () =>
    request.post(`${server.origin}/api/events/${slug}/registrations`, {
      data: { email: "late@visitor.example", firstName: "Lee", lastName: "Ate", seats: 1 },
    });

  // The owner moves its end to the coming minute, in the studio, and publishes it.
  await openEditor(page, server.origin, draft.id);
  const end = nextMinute(30_000);
  const saved = page.waitForResponse((r) => r.request().method() === "PUT");
  await page.getByLabel("Ends", { exact: true }).fill(end.local);
  expect((await saved).status()).toBe(200);
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await publishNow(page, `/events/${slug}`);
  await page.close();

  // Underway: its page says so, /events lists it as coming, and it takes no registrations.
  expect(Date.now(), "published before its end").toBeLessThan(end.at.getTime());
  const underway = await visit(request, eventUrl);
  expect(underway.text).toContain("Registration has closed: the event is underway.");
  expect(underway.text).not.toContain("This event took place on");
  expect(pastSection((await visit(request, `${server.origin}/events`)).text)).not.toContain(title);
  const early = await register();
  expect(early.status()).toBe(404);
  expect(await early.json()).toEqual({ message: "Registration for this event has closed." });

  // Ended: within the timed look (every 20 s), with no request to change anything.
  const tookPlaceAt = await firstServed(
    request,
    eventUrl,
    "This event took place on",
    end.at.getTime() + 40_000,
  );
  expect(tookPlaceAt).toBeGreaterThanOrEqual(end.at.getTime());
  expect(pastSection((await visit(request, `${server.origin}/events`)).text)).toContain(title);
  const late = await register();
  expect(late.status()).toBe(404);
  expect(await late.json()).toEqual({ message: "Registration for this event has closed." });
});

/** The "Past events" part of /events, as served. */
const pastSection = (html: string) => html.split('id="past-title"')[1] ?? "";

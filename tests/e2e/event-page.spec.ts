import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { events } from "../../app/content/collections.server.ts";
import { eventTexts, seatsInAllText } from "../../domain/event-texts.ts";
import { isPaid, paymentNote } from "../../domain/events.ts";
import { apiLogin, createOwner, owner } from "./accounts.ts";
import { seriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydration.ts";
import { e2eBuildTime } from "./server.ts";

/**
 * An event's page leads with what a visitor decides by (docs/events.md, "The page"): the
 * ticket (when, where with a map, the price and how it is paid, the seats left) and the way to
 * a seat are on the first screen at a phone's and a desk's size.
 */

// Open for registration both when the build was made and now (the server's own clock).
const open = events().filter(
  (e) => Date.parse(e.meta.start) > Math.max(Date.parse(e2eBuildTime), Date.now()),
);
const free = open.find((e) => !isPaid(e.meta.price));
const paid = open.find((e) => isPaid(e.meta.price));
const online = events().find((e) => e.meta.format === "online");
// The roomiest takes this spec's registration: event-registration.spec fills the smallest.
const roomy = [...open].sort((a, b) => b.meta.capacity - a.meta.capacity)[0];

test("the content has a free and a paid event open for registration, and an online one", () => {
  expect(free).toBeDefined();
  expect(paid).toBeDefined();
  expect(online).toBeDefined();
});

// A visitor of its own, so its registrations share no address's allowance with other specs.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "192.0.2.30" } });

const ticketOf = (page: Page) => page.getByRole("region", { name: "When and where" });

/** Seats left, as the server counts them now. */
async function seatsNow(request: APIRequestContext, slug: string) {
  const res = await request.get(`/api/events/${slug}/seats`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { seatsLeft: number }).seatsLeft;
}

for (const [width, height] of [
  [390, 844],
  [1440, 900],
] as const) {
  test.describe(`at ${width} × ${height}`, () => {
    test.use({ viewport: { width, height } });

    for (const kind of ["free", "paid"] as const) {
      test(`a ${kind} event's first screen: the title, the ticket and the way to a seat`, async ({
        page,
      }) => {
        const event = kind === "free" ? free : paid;
        if (!event) throw new Error(`no ${kind} event open for registration`);
        await gotoHydrated(page, `/events/${event.slug}`);
        const ticket = ticketOf(page);
        const inFirstScreen = [
          page.getByRole("heading", { level: 1 }),
          ticket.locator("p[aria-hidden='true']").first(), // the calendar leaf: month over day
          ticket.getByText(/Eastern$/),
          ticket.getByText(event.meta.venue?.name ?? "Online", { exact: true }),
          ticket.getByText(isPaid(event.meta.price) ? `${event.meta.price} a seat` : "Free", {
            exact: true,
          }),
          ticket.getByText(/^\d+ seats? left$/),
          page.getByRole("link", { name: "Save me a seat" }),
        ];
        for (const part of inFirstScreen) {
          await expect(part).toBeVisible();
          const box = await part.boundingBox();
          expect(box?.y ?? -1, String(part)).toBeGreaterThanOrEqual(0);
          expect((box?.y ?? height) + (box?.height ?? 0), String(part)).toBeLessThanOrEqual(height);
        }
        const note = paymentNote(event.meta);
        if (note) await expect(ticket).toContainText(note);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          width,
        );
        expect(await seriousViolations(page)).toEqual([]);

        // The way to a seat jumps to the form.
        await page.getByRole("link", { name: "Save me a seat" }).click();
        await expect(page).toHaveURL(new RegExp(`/events/${event.slug}#register$`));
        await expect(page.getByLabel("Email")).toBeInViewport();
      });
    }
  });
}

test("the seats left are the server's, and nothing moves when they arrive", async ({ page }) => {
  if (!roomy) throw new Error("no event open for registration");
  // Every layout shift from the first paint on (the number replaces the capacity in place).
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number }[])
        shifts.push(entry.value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  const figure = ticketOf(page).getByText(/^\d+ seats? left$|^This event is full\.$/);
  const shown = async () => Number((await figure.textContent())?.split(" ")[0]);

  const before = await seatsNow(page.request, roomy.slug);
  await gotoHydrated(page, `/events/${roomy.slug}`);
  await expect(figure).toBeVisible();
  const first = await shown();
  // Read between two answers of the server's (other specs may register at the same time).
  expect(first).toBeLessThanOrEqual(before);
  expect(first).toBeGreaterThanOrEqual(await seatsNow(page.request, roomy.slug));
  expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);

  const res = await page.request.post(`/api/events/${roomy.slug}/registrations`, {
    headers: { "X-Forwarded-For": "192.0.2.31" },
    data: { email: "one.seat@visitor.example", firstName: "One", lastName: "Seat", seats: 1 },
  });
  expect(res.status()).toBe(201);
  const after = await seatsNow(page.request, roomy.slug);
  await page.reload();
  await expect(figure).toHaveText(/^\d+ seats? left$/);
  const second = await shown();
  expect(second).toBeLessThanOrEqual(after);
  expect(second).toBeGreaterThanOrEqual(await seatsNow(page.request, roomy.slug));
  expect(second).toBeLessThanOrEqual(first - 1);
  // Alone on the server, exactly the one seat this test took.
  if (after === before - 1) expect(second).toBe(first - 1);
  expect(await seriousViolations(page)).toEqual([]);
});

test("an in-person venue links to its map in a new tab; an online event says how to join", async ({
  page,
}) => {
  const event = roomy;
  const venue = event?.meta.venue;
  if (!event || !venue) throw new Error("no in-person event open for registration");
  await page.goto(`/events/${event.slug}`);
  const map = ticketOf(page).getByRole("link", {
    name: `Map of ${venue.name} (opens in a new tab)`,
  });
  await expect(map).toHaveAttribute("target", "_blank");
  await expect(map).toHaveAttribute("rel", /\bnoopener\b/);
  const href = new URL((await map.getAttribute("href")) ?? "");
  expect(`${href.origin}${href.pathname}`).toBe("https://www.openstreetmap.org/search");
  const query = href.searchParams.get("query") ?? "";
  for (const part of [venue.street, venue.locality, venue.region, venue.postalCode])
    expect(query).toContain(part);
  expect(href.search).toContain(encodeURIComponent(`${venue.street}, ${venue.locality}`));

  if (!online?.meta.onlineNote) throw new Error("no online event with a note on joining");
  await page.goto(`/events/${online.slug}`);
  await expect(ticketOf(page)).toContainText("Online");
  await expect(ticketOf(page)).toContainText(online.meta.onlineNote);
  await expect(ticketOf(page).getByRole("link", { name: /^Map of/ })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("the ticket says the capacity, and the way to a seat still leads to the form", async ({
    page,
  }) => {
    if (!paid) throw new Error("no paid event open for registration");
    await page.goto(`/events/${paid.slug}`);
    await expect(ticketOf(page).getByText(seatsInAllText(paid.meta.capacity))).toBeVisible();
    await page.getByRole("link", { name: "Save me a seat" }).click();
    await expect(page.getByLabel("Email")).toBeInViewport();
    // The no-JavaScript confirmation says how to pay as well.
    await page.goto(`/events/${paid.slug}/registered`);
    await expect(page.getByRole("main")).toContainText(`${paid.meta.price} a seat.`);
    await expect(page.getByRole("main")).toContainText(paymentNote(paid.meta) ?? "(a note)");
  });
});

/** Frees one seat of a full event as its owner would (a guest wrote that they can't come). */
async function freeASeatIfFull(request: APIRequestContext, slug: string) {
  if ((await seatsNow(request, slug)) > 0) return;
  createOwner();
  const { accessToken } = await apiLogin(request, owner);
  const headers = { "x-access-token": accessToken };
  const list = await request.get(`/api/events/${slug}/registrations`, { headers });
  const [someone] = (await list.json()).registrations as { ID: string }[];
  if (!someone) throw new Error(`${slug} is full without registrations`);
  const res = await request.post(`/api/events/${slug}/registrations/${someone.ID}/cancel`, {
    headers,
    data: {},
  });
  expect(res.status()).toBe(200);
}

for (const [width, height] of [
  [390, 844],
  [1440, 900],
] as const) {
  test(`a paid event says how it is paid beside Register and in the confirmation at ${width} px`, async ({
    page,
  }) => {
    if (!paid) throw new Error("no paid event open for registration");
    const note = paymentNote(paid.meta) ?? "(a note)";
    await page.setViewportSize({ width, height });
    await gotoHydrated(page, `/events/${paid.slug}`);
    await page.getByRole("link", { name: "Save me a seat" }).click();
    await page.locator('[data-island="event-registration"][data-hydrated="true"]').waitFor();
    const register = page.getByRole("button", { name: "Register", exact: true });
    // Read out with the button, and beside it on screen.
    await expect(register).toHaveAccessibleDescription(`${paid.meta.price} a seat. ${note}`);
    const section = page.getByRole("region", { name: "Save your seat" });
    const beside = section.getByText(note);
    const [noteBox, buttonBox] = [await beside.boundingBox(), await register.boundingBox()];
    expect(
      Math.abs((buttonBox?.y ?? 0) - ((noteBox?.y ?? 0) + (noteBox?.height ?? 0))),
    ).toBeLessThan(40);
    // Whoever sees the button sees the note.
    await register.scrollIntoViewIfNeeded();
    await expect(beside).toBeInViewport();
    expect(await seriousViolations(page)).toEqual([]);

    // Registered: the confirmation, in the form's place, says it again.
    await freeASeatIfFull(page.request, paid.slug);
    await page.getByLabel("Email").fill(`payer${width}@visitor.example`);
    await page.getByLabel("First Name").fill("Pay");
    // A person's pace: more than three seconds from opening the page (the form's clock).
    await page.waitForTimeout(3100);
    await page.getByLabel("Last Name").fill("Er");
    await register.click();
    await expect(section.getByRole("status")).toHaveText(eventTexts.registered);
    await expect(section.locator(".booking-offer")).toContainText(note);
  });
}

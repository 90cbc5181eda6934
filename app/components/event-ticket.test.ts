import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { seatsInAllText } from "../../domain/event-texts.ts";
import { isPaid, paymentNote } from "../../domain/events.ts";
import { events } from "../content/collections.server.ts";
import { type EventItem, venueAddress, venueMapUrl } from "./event-details.tsx";
import { EventTicket } from "./event-ticket.tsx";

// seo.ts (through event-details.tsx, for the JSON-LD) reads the build's SITE_URL, which
// Vite defines; the ticket itself never uses it.
vi.hoisted(() => {
  (globalThis as { __SITE_URL__?: string }).__SITE_URL__ = "https://example.test";
});

const item = (slug: string, upcoming = true): EventItem => {
  const entry = events().find((e) => e.slug === slug);
  if (!entry) throw new Error(`no event ${slug}`);
  return { slug, path: `/events/${slug}`, meta: entry.meta, upcoming };
};
const all = events();
const paid = all.find((e) => isPaid(e.meta.price));
const inPerson = all.find((e) => e.meta.venue);
const online = all.find((e) => e.meta.format === "online");

const ticket = (event: EventItem, registrationOpen = true) =>
  renderToStaticMarkup(createElement(EventTicket, { event, registrationOpen }));
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ");

describe("an event's map link", () => {
  it("searches OpenStreetMap for the venue's address, encoded", () => {
    const venue = {
      name: "Hall & Co",
      street: "12 Bay St #3",
      locality: "Savannah",
      region: "GA",
      postalCode: "31401",
      country: "US",
    };
    expect(venueAddress(venue)).toBe("12 Bay St #3, Savannah, GA 31401, US");
    expect(venueMapUrl(venue)).toBe(
      "https://www.openstreetmap.org/search?query=12%20Bay%20St%20%233%2C%20Savannah%2C%20GA%2031401%2C%20US",
    );
  });
});

describe("an event's ticket", () => {
  it("links an in-person venue to its map, in a new tab, named for the venue", () => {
    if (!inPerson?.meta.venue) throw new Error("no in-person event in content/events");
    const html = ticket(item(inPerson.slug));
    const venue = inPerson.meta.venue;
    expect(html).toContain(`href="${venueMapUrl(venue).replaceAll("&", "&amp;")}"`);
    expect(html).toContain('target="_blank" rel="noopener"');
    expect(textOf(html)).toContain(venue.name);
    expect(html).toContain(
      `aria-label="Map of ${venue.name.replaceAll("&", "&amp;")} (opens in a new tab)"`,
    );
  });

  it("says an online event's way to join, and offers no map", () => {
    if (!online) throw new Error("no online event in content/events");
    const text = textOf(ticket(item(online.slug)));
    expect(text).toContain("Online");
    expect(text).toContain(online.meta.onlineNote ?? "(a note)");
    expect(ticket(item(online.slug))).not.toContain("openstreetmap");
  });

  it("says a paid event's price and how it is paid", () => {
    if (!paid) throw new Error("no paid event in content/events");
    const text = textOf(ticket(item(paid.slug)));
    expect(text).toContain(`${paid.meta.price} a seat`);
    expect(text).toContain(paymentNote(paid.meta) ?? "(a note)");
  });

  it("holds the capacity where the island puts the seats left, and the way to a seat", () => {
    const event = item(paid?.slug ?? "");
    const html = ticket(event);
    expect(html).toMatch(
      new RegExp(`<dd data-seats="[^"]*"[^>]*>${seatsInAllText(event.meta.capacity)}</dd>`),
    );
    expect(html).toContain('data-island="event-seats"');
    expect(html).toMatch(/<a href="#register"[^>]*>Save me a seat<\/a>/);
  });

  it("offers no seat once registration has closed, and says a past event took place", () => {
    const event = item(online?.slug ?? "", false);
    const html = ticket(event, false);
    expect(html).not.toContain("data-seats");
    expect(html).not.toContain("data-island");
    expect(html).not.toContain("Save me a seat");
    expect(textOf(html)).toContain("This event took place on");
  });
});

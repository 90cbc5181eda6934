import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { isPaid, paymentNote } from "../../domain/events.ts";
import { events } from "../content/collections.server.ts";
import { EventRegistration } from "./event-registration.tsx";

type Meta = ReturnType<typeof events>[number]["meta"];

/** The registration section as the event's page renders it from the event's frontmatter. */
const section = (slug: string, meta: Meta) =>
  renderToStaticMarkup(
    createElement(EventRegistration, {
      slug,
      path: `/events/${slug}`,
      title: meta.title,
      capacity: meta.capacity,
      price: meta.price,
      payment: meta.payment,
    }),
  );

/** Text as a reader gets it: tags gone, React's escaping undone. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");

// Nothing is charged online, so a paid event must say how it is paid for beside the form
// (docs/events.md, "Paid events"); the confirmation says the same (registrations tests).
describe("the registration section of an event's page", () => {
  const all = events();
  const paid = all.filter((event) => isPaid(event.meta.price));

  it("says how a paid event is paid for, beside its price", () => {
    expect(paid.length).toBeGreaterThan(0);
    for (const { slug, meta } of paid) {
      const text = textOf(section(slug, meta));
      expect(text).toContain(`${meta.price} a seat`);
      expect(text).toContain(paymentNote(meta) ?? "(a note)");
    }
  });

  it("puts the payment note beside the Register button, which it describes", () => {
    for (const { slug, meta } of paid) {
      const html = section(slug, meta);
      expect(html).toMatch(
        /<p id="registration-payment"[^>]*>[\s\S]*?<\/p><div[^>]*><button type="submit"[^>]*aria-describedby="registration-payment"/,
      );
    }
  });

  it("uses the event's own words for payment when its frontmatter has them", () => {
    const [event] = paid;
    if (!event) throw new Error("no paid event in content/events");
    const payment = "Pay by invoice after the evening; we send it the next morning.";
    expect(textOf(section(event.slug, { ...event.meta, payment }))).toContain(payment);
  });

  it("says nothing of payment for a free event", () => {
    const free = all.find((event) => !isPaid(event.meta.price));
    if (!free) throw new Error("no free event in content/events");
    expect(textOf(section(free.slug, free.meta))).not.toMatch(/Pay at the door|owe nothing/);
  });
});

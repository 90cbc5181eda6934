import { type ParsedMail, simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import type { TestDatabase } from "../test-support/databases.ts";
import { testEngines } from "../test-support/databases.ts";
import { mailingApp as mailingAppOf } from "../test-support/mailing-app.ts";
import { startSmtp } from "../test-support/smtp.ts";
import { signedInUser, testTokens } from "../test-support/tokens.ts";

/**
 * A published event's changes reach the people registered (docs/decisions/034): a new time or
 * place as an updated invite (same UID, higher SEQUENCE), the event taken off the site as a
 * cancellation with the seats freed, each once, whatever instance or retry publishes it. The
 * e-mails go through the outbox to a real SMTP server.
 */

let clock = new Date("2026-11-26T13:00:00.000Z");

/** The fake build's catalog has "small-workshop" and "long-ago": registrations go there. */
const eventFields = (slug: string, start: string, end: string, street = "218 Telfair St") => ({
  type: "event",
  slug,
  title: slug === "long-ago" ? "Long ago" : "Small workshop",
  description:
    "An evening of small-business website repairs, with coffee and a laptop each, in Savannah.",
  start,
  end,
  format: "in-person",
  venue: {
    name: "Telfair Street Workshop Hall",
    street,
    locality: "Savannah",
    region: "GA",
    postalCode: "31401",
    country: "US",
  },
  price: "$25",
  capacity: 5,
  announced: "2020-01-01",
  body: "We fix what we can in two hours.\n",
});

const smallWorkshop = eventFields(
  "small-workshop",
  "2099-03-18T18:00:00-04:00",
  "2099-03-18T20:30:00-04:00",
);

const mailingApp = (database: { db: TestDatabase["db"] } & object, smtpUrl: string) =>
  mailingAppOf(database as TestDatabase, smtpUrl, { now: () => clock });

/** A message's iCalendar part, unfolded. */
const calendarOf = (mail: ParsedMail) =>
  mail.attachments
    .find((part) => part.contentType.startsWith("text/calendar"))
    ?.content.toString("utf8")
    .replace(/\r\n[ \t]/g, "") ?? "";
/** What went to the guests (the owner's notifications of new leads aside). */
const toGuests = (smtp: { received: { to: string[] }[] }) =>
  smtp.received.filter((m) => m.to.some((to) => to.endsWith("@example.com"))).length;
const field = (ics: string, name: string) =>
  ics.match(new RegExp(`^${name}:(.+)$`, "m"))?.[1]?.trim();

describe.each(testEngines)("an event's changes reach its registrants on $name", (engine) => {
  it("sends a new time or place once per registrant as an updated invite, on any instance", async () => {
    clock = new Date("2026-11-26T13:00:00.000Z");
    const database = await engine.open();
    const smtp = await startSmtp();
    const app = await mailingApp(database, smtp.url);
    const { accessToken } = await signedInUser(database.db, "admin", undefined, {
      ...testTokens,
      issuer: "https://fineline.studio",
    });
    const call = (method: "POST" | "PUT" | "GET", url: string, payload?: object) =>
      app.inject({
        method,
        url,
        headers: { "x-access-token": accessToken },
        ...(payload ? { payload } : {}),
      });
    const mailTo = async (address: string) =>
      Promise.all(
        smtp.received.filter((m) => m.to.includes(address)).map((m) => simpleParser(m.raw)),
      );
    const send = async () => {
      app.outbox?.poke();
      await app.outbox?.idle();
    };
    try {
      const created = await call("POST", "/api/content", smallWorkshop);
      expect(created.statusCode).toBe(201);
      const { id } = created.json().entry as { id: string };
      expect((await call("POST", `/api/content/${id}/publish`, {})).statusCode).toBe(200);
      for (const [n, seats] of [
        [1, 2],
        [2, 1],
        [3, 1],
      ] as const) {
        const res = await app.inject({
          method: "POST",
          url: "/api/events/small-workshop/registrations",
          remoteAddress: `10.9.0.${n}`,
          payload: { email: `guest${n}@example.com`, firstName: "Ada", lastName: "Guest", seats },
        });
        expect(res.statusCode).toBe(201);
      }
      await send();
      const [confirmation] = await mailTo("guest1@example.com");
      const invite = calendarOf(confirmation as ParsedMail);
      expect(field(invite, "SEQUENCE")).toBe("0");
      const uid = field(invite, "UID");
      expect(uid).toMatch(/^registration-.+@fineline\.studio$/);
      const [third] = await database.db
        .selectFrom("event_registrations")
        .select("id")
        .where("email", "=", "guest3@example.com")
        .execute();
      // The owner cancels guest 3 before any change: their withdrawal is SEQUENCE 1.
      const canceled = await call(
        "POST",
        `/api/events/small-workshop/registrations/${third?.id}/cancel`,
        {},
      );
      expect(canceled.statusCode).toBe(200);
      await send();
      expect(toGuests(smtp)).toBe(4);

      // A new time: the save changes nothing live; the publish tells each registrant once,
      // however many times it is pressed at once.
      const moved = {
        ...smallWorkshop,
        start: "2099-03-19T18:00:00-04:00",
        end: "2099-03-19T20:30:00-04:00",
      };
      const { type: _t, ...movedFields } = moved;
      expect(
        (await call("PUT", `/api/content/${id}`, { ...movedFields, version: 1 })).statusCode,
      ).toBe(200);
      await send();
      expect(toGuests(smtp)).toBe(4);
      const twice = await Promise.all([
        call("POST", `/api/content/${id}/publish`, {}),
        call("POST", `/api/content/${id}/publish`, {}),
      ]);
      expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
      expect((await call("POST", `/api/content/${id}/publish`, {})).statusCode).toBe(200);
      await send();
      for (const guest of ["guest1@example.com", "guest2@example.com"]) {
        const mails = await mailTo(guest);
        expect(mails, guest).toHaveLength(2);
        const update = mails[1] as ParsedMail;
        expect(update.subject).toBe("New time: Small workshop");
        expect(update.text).toContain("Small workshop has a new time.");
        expect(update.text).toContain("New time: Thu, Mar 19, 2099, 6:00 PM – 8:30 PM Eastern");
        expect(update.text).toContain("(It was Wed, Mar 18, 2099, 6:00 PM – 8:30 PM Eastern.)");
        expect(update.from?.value[0]?.address).toBe("hello@fineline.studio");
        const ics = calendarOf(update);
        expect(ics).toContain("METHOD:REQUEST");
        expect(field(ics, "SEQUENCE")).toBe("1");
        expect(field(ics, "DTSTART")).toBe("20990319T220000Z");
        expect(field(ics, "STATUS")).toBe("CONFIRMED");
      }
      const [guest1Update] = (await mailTo("guest1@example.com")).slice(1);
      expect(field(calendarOf(guest1Update as ParsedMail), "UID")).toBe(uid);
      // Guest 3 canceled before the change: told nothing more.
      expect(await mailTo("guest3@example.com")).toHaveLength(2);

      // Published again with the same time and place (only the words changed): nothing sent.
      const reworded = { ...movedFields, body: "We fix what we can in two hours, with coffee.\n" };
      expect(
        (await call("PUT", `/api/content/${id}`, { ...reworded, version: 2 })).statusCode,
      ).toBe(200);
      expect((await call("POST", `/api/content/${id}/publish`, {})).statusCode).toBe(200);
      await send();
      expect(toGuests(smtp)).toBe(6);

      // A new place, scheduled, falling due on two instances at once: sent once each.
      const { type: _m, ...newPlace } = { ...moved, ...reworded, venue: { ...moved.venue } };
      newPlace.venue.street = "12 Broughton St";
      expect(
        (await call("PUT", `/api/content/${id}`, { ...newPlace, version: 3 })).statusCode,
      ).toBe(200);
      const scheduled = await call("POST", `/api/content/${id}/publish`, {
        at: "2026-11-27T09:00:00Z",
      });
      expect(scheduled.statusCode).toBe(200);
      const sibling = database.sibling();
      const other = await mailingApp(sibling, smtp.url);
      try {
        clock = new Date("2026-11-27T09:00:01.000Z");
        const runs = [app.contentSchedule.run, other.contentSchedule.run];
        if (engine.name === "postgres") await Promise.all(runs.map((run) => run()));
        // node:sqlite is synchronous: the second instance runs just after the first.
        else for (const run of runs) await run();
        other.outbox?.poke();
        await Promise.all([app.outbox?.idle(), other.outbox?.idle()]);
        await send();
      } finally {
        await other.close();
        await sibling.close();
      }
      for (const guest of ["guest1@example.com", "guest2@example.com"]) {
        const mails = await mailTo(guest);
        expect(mails, guest).toHaveLength(3);
        const update = mails[2] as ParsedMail;
        expect(update.subject).toBe("New place: Small workshop");
        expect(update.text).toContain("New place: Telfair Street Workshop Hall, 12 Broughton St");
        expect(update.text).toContain("(It was Telfair Street Workshop Hall, 218 Telfair St");
        const ics = calendarOf(update);
        expect(ics).toContain("METHOD:REQUEST");
        expect(field(ics, "SEQUENCE")).toBe("2");
        expect(field(ics, "LOCATION")).toContain("12 Broughton St");
      }
      const rows = await database.db
        .selectFrom("event_registrations")
        .select(["email", "sequence"])
        .orderBy("email")
        .execute();
      expect(rows.map((r) => [r.email, Number(r.sequence)])).toEqual([
        ["guest1@example.com", 2],
        ["guest2@example.com", 2],
      ]);
    } finally {
      await app.close();
      await smtp.close();
      await database.close();
    }
  });

  it("cancels an upcoming event taken off the site: METHOD:CANCEL once, the seats freed", async () => {
    clock = new Date("2026-11-26T13:00:00.000Z");
    const database = await engine.open();
    const smtp = await startSmtp();
    const app = await mailingApp(database, smtp.url);
    const { accessToken } = await signedInUser(database.db, "admin", undefined, {
      ...testTokens,
      issuer: "https://fineline.studio",
    });
    const call = (method: "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
      app.inject({
        method,
        url,
        headers: { "x-access-token": accessToken },
        ...(payload ? { payload } : {}),
      });
    const send = async () => {
      app.outbox?.poke();
      await app.outbox?.idle();
    };
    const taken = async (slug: string) =>
      Number(
        (
          await database.db
            .selectFrom("event_seats")
            .select("taken")
            .where("event_slug", "=", slug)
            .executeTakeFirst()
        )?.taken ?? 0,
      );
    try {
      const upcoming = (await call("POST", "/api/content", smallWorkshop)).json().entry.id;
      const past = (
        await call(
          "POST",
          "/api/content",
          eventFields("long-ago", "2020-05-16T09:00:00-04:00", "2020-05-16T13:00:00-04:00"),
        )
      ).json().entry.id;
      for (const id of [upcoming, past])
        expect((await call("POST", `/api/content/${id}/publish`, {})).statusCode).toBe(200);
      for (const n of [1, 2]) {
        const res = await app.inject({
          method: "POST",
          url: "/api/events/small-workshop/registrations",
          remoteAddress: `10.9.1.${n}`,
          payload: {
            email: `guest${n}@example.com`,
            firstName: "Ada",
            lastName: "Guest",
            seats: 2,
          },
        });
        expect(res.statusCode).toBe(201);
      }
      // Someone registered for the past event back when it was open.
      const { lead_id } = await database.db
        .selectFrom("event_registrations")
        .select("lead_id")
        .executeTakeFirstOrThrow();
      await database.db
        .insertInto("event_registrations")
        .values({
          id: "0190f1a2-7b3c-7d4e-8f50-617283940a1b",
          event_slug: "long-ago",
          lead_id,
          email: "old@example.com",
          email_key: "old@example.com",
          first_name: "Old",
          last_name: "Timer",
          seats: 1,
          created_at: "2020-01-01T00:00:00.000Z",
        })
        .execute();
      await send();
      expect(toGuests(smtp)).toBe(2);
      const confirmation = await simpleParser(
        smtp.received.find((m) => m.to.includes("guest1@example.com"))?.raw ?? "",
      );
      expect(await taken("small-workshop")).toBe(4);

      // A past event moved or taken down is history: nothing is sent, nothing is freed.
      const { type: _p, ...pastFields } = eventFields(
        "long-ago",
        "2020-05-17T09:00:00-04:00",
        "2020-05-17T13:00:00-04:00",
      );
      expect(
        (await call("PUT", `/api/content/${past}`, { ...pastFields, version: 1 })).statusCode,
      ).toBe(200);
      expect((await call("POST", `/api/content/${past}/publish`, {})).statusCode).toBe(200);
      expect((await call("POST", `/api/content/${past}/unpublish`, {})).statusCode).toBe(200);
      await send();
      expect(toGuests(smtp)).toBe(2);
      expect(
        await database.db
          .selectFrom("event_registrations")
          .select("id")
          .where("event_slug", "=", "long-ago")
          .execute(),
      ).toHaveLength(1);

      // The upcoming one unpublished (twice at once): each guest told once, the seats free.
      const both = await Promise.all([
        call("POST", `/api/content/${upcoming}/unpublish`, {}),
        call("POST", `/api/content/${upcoming}/unpublish`, {}),
      ]);
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      await send();
      expect(await taken("small-workshop")).toBe(0);
      expect(
        await database.db
          .selectFrom("event_registrations")
          .select("id")
          .where("event_slug", "=", "small-workshop")
          .execute(),
      ).toHaveLength(0);
      for (const guest of ["guest1@example.com", "guest2@example.com"]) {
        const mails = smtp.received.filter((m) => m.to.includes(guest));
        expect(mails, guest).toHaveLength(2);
        const cancel = await simpleParser(mails[1]?.raw ?? "");
        expect(cancel.subject).toBe("Canceled: Small workshop");
        expect(cancel.text).toContain("We're sorry: Small workshop is canceled");
        const ics = calendarOf(cancel);
        expect(ics).toContain("METHOD:CANCEL");
        expect(field(ics, "STATUS")).toBe("CANCELLED");
        expect(field(ics, "SEQUENCE")).toBe("1");
      }
      const [, guest1Cancel] = smtp.received.filter((m) => m.to.includes("guest1@example.com"));
      expect(field(calendarOf(await simpleParser(guest1Cancel?.raw ?? "")), "UID")).toBe(
        field(calendarOf(confirmation), "UID"),
      );
      // The leads stay.
      expect(await database.db.selectFrom("leads").select("id").execute()).toHaveLength(2);

      // Published again, registered again, then deleted: the same, through the delete.
      expect((await call("POST", `/api/content/${upcoming}/publish`, {})).statusCode).toBe(200);
      const again = await app.inject({
        method: "POST",
        url: "/api/events/small-workshop/registrations",
        remoteAddress: "10.9.1.9",
        payload: { email: "guest1@example.com", firstName: "Ada", lastName: "Guest", seats: 3 },
      });
      expect(again.statusCode).toBe(201);
      await send();
      expect(await taken("small-workshop")).toBe(3);
      expect((await call("DELETE", `/api/content/${upcoming}`)).statusCode).toBe(204);
      await send();
      expect(await taken("small-workshop")).toBe(0);
      const last = smtp.received.filter((m) => m.to.includes("guest1@example.com")).at(-1);
      const deleted = await simpleParser(last?.raw ?? "");
      expect(deleted.subject).toBe("Canceled: Small workshop");
      expect(calendarOf(deleted)).toContain("METHOD:CANCEL");
      expect(smtp.received.filter((m) => m.to.includes("guest1@example.com"))).toHaveLength(4);
    } finally {
      await app.close();
      await smtp.close();
      await database.close();
    }
  });
});

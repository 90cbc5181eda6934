import { describe, expect } from "vitest";
import { conversationTexts } from "../../domain/conversation.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { signedInUser } from "../test-support/tokens.ts";
import { importReply } from "./replies.repository.ts";

const start = Date.parse("2026-11-26T15:00:00.000Z");

describe.each(testEngines)("a conversation's pages, and the mailbox report, on $name", (engine) => {
  const test = engineTest(engine, { env: { RATE_LIMIT: "off" } })
    .extend(
      "asAdmin",
      ({ app, admin }) =>
        (url: string) =>
          app.inject({ method: "GET", url, headers: { "x-access-token": admin.accessToken } }),
    )
    .extend("leadWith", ({ database, app }) => async (email: string, replies: number) => {
      const res = await app.inject({
        method: "POST",
        url: "/api/leads/contact-us",
        payload: { email, firstName: "Rosa", lastName: "Delgado", message: "Hello" },
      });
      expect(res.statusCode).toBe(201);
      const { id } = await database.db
        .selectFrom("leads")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      for (let n = 0; n < replies; n++)
        await importReply(
          database.db,
          {
            leadId: id,
            messageId: `<reply-${n}.${email}>`,
            inReplyTo: null,
            references: [],
            from: email,
            to: "hello@fineline.studio",
            subject: `Reply ${n}`,
            text: `Reply number ${n}`,
            attachments: [],
            // Every tenth pair at the same moment: the order still holds, by ID.
            at: new Date(start + Math.floor(n / 2) * 1000),
          },
          new Date(start + n * 1000),
        );
      return id;
    });

  const nextOf = (link: unknown) => /<([^>]+)>; rel="next"/.exec(String(link ?? ""))?.[1];
  const subjects = (messages: Array<{ subject: string }>) => messages.map((m) => m.subject);

  test("answers the latest messages first, and the earlier ones page by page through Link", async ({
    asAdmin,
    leadWith,
  }) => {
    const id = await leadWith("rosa@bakery.example", 600);
    const first = await asAdmin(`/api/leads/${id}/messages`);
    expect(first.statusCode).toBe(200);
    const latest = first.json();
    expect(latest).toHaveLength(100);
    // Oldest first within the page, and the page is the newest one: the real latest reply.
    expect(subjects(latest)).toEqual(Array.from({ length: 100 }, (_, n) => `Reply ${500 + n}`));

    const seen = [...latest];
    let next = nextOf(first.headers.link);
    expect(next).toMatch(new RegExp(`^/api/leads/${id}/messages\\?limit=100&cursor=`));
    while (next) {
      const page = await asAdmin(next);
      expect(page.statusCode).toBe(200);
      seen.unshift(...page.json());
      next = nextOf(page.headers.link);
    }
    expect(subjects(seen)).toEqual(Array.from({ length: 600 }, (_, n) => `Reply ${n}`));

    const big = await asAdmin(`/api/leads/${id}/messages?limit=500`);
    expect(subjects(big.json()).at(-1)).toBe("Reply 599");
    expect(big.json()).toHaveLength(500);

    // A short conversation is one page, with no Link.
    const short = await leadWith("bo@barber.example", 3);
    const one = await asAdmin(`/api/leads/${short}/messages`);
    expect(subjects(one.json())).toEqual(["Reply 0", "Reply 1", "Reply 2"]);
    expect(one.headers.link).toBeUndefined();
  });

  test("refuses a bad page size or cursor with a message", async ({ asAdmin, leadWith }) => {
    const id = await leadWith("rosa@bakery.example", 1);
    for (const query of ["limit=0", "limit=501", "limit=ten"]) {
      const res = await asAdmin(`/api/leads/${id}/messages?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: conversationTexts.badLimit });
    }
    const forged = Buffer.from("+275760-09-13T00:00:00.000Z|x").toString("base64url");
    for (const cursor of ["nonsense", forged]) {
      const res = await asAdmin(`/api/leads/${id}/messages?cursor=${cursor}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: conversationTexts.badCursor });
    }
  });

  test("tells the owner the mailbox is not read when IMAP_URL is unset, and nobody else anything", async ({
    database,
    app,
    asAdmin,
  }) => {
    expect((await asAdmin("/api/mailbox")).json()).toEqual({
      watching: false,
      lastReadAt: null,
      setAside: 0,
      messages: [],
    });
    expect((await app.inject({ method: "GET", url: "/api/mailbox" })).statusCode).toBe(401);
    const user = await signedInUser(database.db, "user");
    const asUser = await app.inject({
      method: "GET",
      url: "/api/mailbox",
      headers: { "x-access-token": user.accessToken },
    });
    expect(asUser.statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: "/readyz" })).json()).not.toHaveProperty(
      "mailbox",
    );
  });
});

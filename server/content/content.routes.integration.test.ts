import { describe, expect } from "vitest";
import { contentTexts } from "../../domain/content-entry.ts";
import { endpointPath, endpoints } from "../../domain/endpoints.ts";
import { accessTexts } from "../auth/guards.ts";
import { newPost } from "../test-support/content-entries.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { badAccessTokens, signedInUser } from "../test-support/tokens.ts";

const contentEndpoints = Object.entries(endpoints).filter(
  ([, endpoint]) =>
    endpoint.url.startsWith("/api/content") || endpoint.url === "/api/site-settings",
);

describe.each(testEngines)("the content API on $name", (engine) => {
  const test = engineTest(engine, { env: { TIMEZONE: "America/New_York" } }).extend(
    "call",
    ({ app, admin }) =>
      (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown, token?: string) =>
        app.inject({
          method,
          url,
          headers: { "x-access-token": token ?? admin.accessToken },
          ...(payload === undefined ? {} : { payload: payload as object }),
        }),
  );

  test("creates a draft, reads it back flat, lists and finds it", async ({ call }) => {
    const created = await call("POST", "/api/content", newPost);
    expect(created.statusCode).toBe(201);
    const { entry } = created.json();
    expect(entry).toMatchObject({
      type: "post",
      slug: "spring-checklist",
      status: "draft",
      version: 1,
      url: null,
      publishedAt: null,
      changedSincePublished: false,
      title: newPost.title,
      tags: ["checklist"],
      body: newPost.body,
      updatedBy: { name: "Nora Test", email: "admin@fineline.studio" },
    });
    const read = await call("GET", `/api/content/${entry.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.headers["cache-control"]).toBe("no-store");
    expect(read.json().entry).toEqual(entry);

    const list = await call("GET", "/api/content?type=post&status=draft&q=SPRING checklist");
    expect(list.statusCode).toBe(200);
    expect(list.json().entries).toEqual([
      expect.objectContaining({ id: entry.id, title: newPost.title, url: null, version: 1 }),
    ]);
    expect((await call("GET", "/api/content?q=nothing-like-it")).json().entries).toEqual([]);
    expect((await call("GET", "/api/content?type=event")).json().entries).toEqual([]);
    expect((await call("GET", "/api/content?type=poem")).statusCode).toBe(400);
  });

  test("names every bad field in a 400", async ({ call }) => {
    const res = await call("POST", "/api/content", {
      ...newPost,
      title: "Hi",
      section: "poetry",
      extra: 1,
      date: undefined,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body.fields).sort()).toEqual(["date", "extra", "section", "title"]);
    expect(body.fields.date).toBe("is required");
    expect(body.fields.extra).toBe("is not a field of a post");
    expect(body.message).toMatch(/^\w+: /);
    expect((await call("GET", "/api/content")).json().entries).toEqual([]);
  });

  test("refuses a taken slug, a capital in a new slug and a path in a slug", async ({ call }) => {
    expect((await call("POST", "/api/content", newPost)).statusCode).toBe(201);
    const again = await call("POST", "/api/content", newPost);
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toEqual({ slug: contentTexts.slugTaken });
    for (const slug of [
      "../etc/passwd",
      "a/b",
      "New-Post",
      "with space",
      "a\u0000b",
      "",
      "x".repeat(81),
    ]) {
      const res = await call("POST", "/api/content", { ...newPost, slug });
      expect(res.statusCode, slug).toBe(400);
      expect(res.json().message, slug).toMatch(/slug|NUL/);
    }
  });

  test("saves with the version read, and answers a stale version with who and when", async ({
    app,
    call,
    database,
  }) => {
    const { entry } = (await call("POST", "/api/content", newPost)).json();
    const {
      id,
      version,
      url,
      status,
      publishAt,
      publishedAt,
      updatedAt,
      updatedBy,
      changedSincePublished,
      ...fields
    } = entry;
    const saved = await call("PUT", `/api/content/${id}`, {
      ...fields,
      title: "A better title here",
      version,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().entry).toMatchObject({ version: 2, title: "A better title here" });

    const other = await signedInUser(database.db, "admin", "owner@example.com", app.tokens);
    const stale = await call(
      "PUT",
      `/api/content/${id}`,
      { ...fields, version: 1 },
      other.accessToken,
    );
    expect(stale.statusCode).toBe(409);
    const body = stale.json();
    expect(body.message).toMatch(
      /^Changed by admin@fineline\.studio at \d{4}-\d{2}-\d{2} \d{2}:\d{2} while you were editing; your text is kept here, copy it before reloading\.$/,
    );
    expect(body.current).toMatchObject({
      version: 2,
      updatedBy: { email: "admin@fineline.studio" },
    });
    // The stale save changed nothing.
    expect((await call("GET", `/api/content/${id}`)).json().entry.title).toBe(
      "A better title here",
    );
  });

  test("gives exactly one 200 and one 409 to two saves from one version at once", async ({
    call,
  }) => {
    const { entry } = (await call("POST", "/api/content", newPost)).json();
    const { id, ...rest } = entry;
    const fields = Object.fromEntries(
      Object.entries(rest).filter(([key]) => key in newPost && key !== "type"),
    );
    for (let round = 0; round < 5; round++) {
      const current = (await call("GET", `/api/content/${id}`)).json().entry.version;
      const [a, b] = await Promise.all([
        call("PUT", `/api/content/${id}`, {
          ...fields,
          title: `Title from A, round ${round}`,
          version: current,
        }),
        call("PUT", `/api/content/${id}`, {
          ...fields,
          title: `Title from B, round ${round}`,
          version: current,
        }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect((await call("GET", `/api/content/${id}`)).json().entry.version).toBe(current + 1);
    }
  });

  test("refuses a type change and answers 404 for unknown or malformed ids", async ({ call }) => {
    const { entry } = (await call("POST", "/api/content", newPost)).json();
    const { type: _type, ...post } = newPost;
    const changed = await call("PUT", `/api/content/${entry.id}`, {
      ...post,
      type: "event",
      version: 1,
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().fields.type).toBeDefined();
    for (const id of ["0190f1a2-7b3c-7d4e-8f50-617283940a1b", "not-an-id", "..%2F..%2Fetc"]) {
      const res = await call("GET", `/api/content/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toEqual({ message: contentTexts.notFound });
      expect((await call("PUT", `/api/content/${id}`, { ...post, version: 1 })).statusCode).toBe(
        404,
      );
      expect((await call("DELETE", `/api/content/${id}`)).statusCode).toBe(404);
      expect((await call("POST", `/api/content/${id}/publish`, {})).statusCode).toBe(404);
      expect((await call("GET", `/api/content/${id}/revisions`)).statusCode).toBe(404);
    }
  });

  test("deletes an entry", async ({ call }) => {
    const { entry } = (await call("POST", "/api/content", newPost)).json();
    const res = await call("DELETE", `/api/content/${entry.id}`);
    expect(res.statusCode).toBe(204);
    expect((await call("GET", `/api/content/${entry.id}`)).statusCode).toBe(404);
  });

  test("hostile input: 1 MB body, NUL bytes, a script, a bad date", async ({ call, database }) => {
    const huge = await call("POST", "/api/content", { ...newPost, body: "a".repeat(1024 * 1024) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe(contentTexts.bodyTooLong);
    const nulBody = await call("POST", "/api/content", { ...newPost, body: "one\u0000two" });
    expect(nulBody.statusCode).toBe(400);
    expect(nulBody.json().message).toBe(contentTexts.bodyNul);
    const nulField = await call("POST", "/api/content", {
      ...newPost,
      author: "Nora\u0000Whitfield",
    });
    expect(nulField.statusCode).toBe(400);
    expect(nulField.json().message).toBe(contentTexts.fieldNul);
    const badDate = await call("POST", "/api/content", { ...newPost, date: "03/01/2027" });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().fields.date).toMatch(/YYYY-MM-DD/);
    expect(await database.db.selectFrom("content_entries").select("id").execute()).toEqual([]);

    const script = '<script>alert("x")</script>\n\nText.';
    const stored = await call("POST", "/api/content", { ...newPost, body: script });
    expect(stored.statusCode).toBe(201);
    const { id } = stored.json().entry;
    // Stored as written: the renderer makes it inert, not the API.
    expect((await call("GET", `/api/content/${id}`)).json().entry.body).toBe(script);
    // Past 2 MB the server refuses to read it, with a JSON message.
    const over = await call("POST", "/api/content", { ...newPost, body: "a".repeat(2_200_000) });
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toEqual(expect.any(String));
  });

  test.for(contentEndpoints)(
    "refuses %s without an admin's token",
    async ([, endpoint], { app, admin, signedUp }) => {
      const id = "0190f1a2-7b3c-7d4e-8f50-617283940a1b";
      const url = endpointPath(endpoint, { id, revisionId: id, linkId: id });
      const payload =
        endpoint.method === "GET" || endpoint.method === "DELETE" ? undefined : newPost;
      const send = (token?: string) =>
        app.inject({
          method: endpoint.method,
          url,
          headers: token === undefined ? {} : { "x-access-token": token },
          ...(payload ? { payload } : {}),
        });
      for (const [kind, token] of Object.entries(
        await badAccessTokens(admin.id, admin.refreshToken),
      )) {
        const res = await send(token);
        expect(res.statusCode, kind).toBe(401);
        expect(res.json()).toEqual({ message: accessTexts.unauthenticated });
      }
      const res = await send(signedUp.accessToken);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: accessTexts.forbidden });
    },
  );
});

import { describe, expect } from "vitest";
import { contentTexts } from "../../domain/content-entry.ts";
import { defaultSiteSettings } from "../../domain/site-settings.ts";
import { newPost } from "../test-support/content-entries.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import {
  type ContentChange,
  contentRedirectFor,
  previewEntryForToken,
  publishedContent,
} from "./content.repository.ts";
import { publishDueEntries } from "./publishing.ts";

/** Publishing, scheduling, redirects, revisions, preview links and site settings, on each engine. */
describe.each(testEngines)("publishing content on $name", (engine) => {
  const changes: ContentChange[] = [];
  let failHook = false;
  let clock = new Date("2026-12-01T15:00:00.000Z");
  const test = engineTest(engine, {
    deps: {
      now: () => clock,
      contentScheduleIntervalMs: 3_600_000,
      contentChanged: async (change) => {
        if (failHook) throw new Error("renderer down");
        changes.push(change);
      },
    },
  })
    .extend("call", ({ app, admin }) => {
      changes.length = 0;
      failHook = false;
      clock = new Date("2026-12-01T15:00:00.000Z");
      return (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
        app.inject({
          method,
          url,
          headers: { "x-access-token": admin.accessToken },
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
    })
    .extend("draft", async ({ call }) => {
      const res = await call("POST", "/api/content", newPost);
      return res.json().entry as { id: string; version: number };
    });
  const { type: _type, ...postFields } = newPost;

  test("publishes now: live snapshot, a revision, the hook before the answer", async ({
    call,
    draft,
    database,
  }) => {
    const res = await call("POST", `/api/content/${draft.id}/publish`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      url: "/secret/blog/blog/spring-checklist",
      entry: {
        status: "published",
        url: "/secret/blog/blog/spring-checklist",
        publishedAt: clock.toISOString(),
      },
    });
    expect(changes).toEqual([{ type: "post", before: null, after: { slug: "spring-checklist" } }]);
    const live = await publishedContent(database.db);
    expect(live).toEqual([
      expect.objectContaining({ id: draft.id, slug: "spring-checklist", body: newPost.body }),
    ]);
    // Editing does not touch the live page until the next publish.
    const saved = await call("PUT", `/api/content/${draft.id}`, {
      ...postFields,
      body: "New text.",
      version: 1,
    });
    expect(saved.json().entry.changedSincePublished).toBe(true);
    expect((await publishedContent(database.db))[0]?.body).toBe(newPost.body);
    // Publishing the same version twice at once: both succeed, one publish revision.
    const [a, b] = await Promise.all([
      call("POST", `/api/content/${draft.id}/publish`, {}),
      call("POST", `/api/content/${draft.id}/publish`, {}),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await publishedContent(database.db))[0]?.body).toBe("New text.");
    const kinds = (await call("GET", `/api/content/${draft.id}/revisions`))
      .json()
      .revisions.map((r: { kind: string }) => r.kind);
    expect(kinds.filter((kind: string) => kind === "publish")).toHaveLength(2);
    expect(changes).toHaveLength(2);
  });

  test("a failing hook leaves the publish committed and still answers 200", async ({
    call,
    draft,
    database,
  }) => {
    failHook = true;
    const res = await call("POST", `/api/content/${draft.id}/publish`);
    expect(res.statusCode).toBe(200);
    expect(await publishedContent(database.db)).toHaveLength(1);
  });

  test("renaming a published entry leaves redirects, and chains collapse", async ({
    call,
    draft,
    database,
  }) => {
    const rename = async (slug: string) => {
      const { entry } = (await call("GET", `/api/content/${draft.id}`)).json();
      const saved = await call("PUT", `/api/content/${draft.id}`, {
        ...postFields,
        slug,
        version: entry.version,
      });
      expect(saved.statusCode).toBe(200);
      expect((await call("POST", `/api/content/${draft.id}/publish`, {})).statusCode).toBe(200);
    };
    await call("POST", `/api/content/${draft.id}/publish`, {});
    await rename("spring-list");
    await rename("spring-final");
    const path = (slug: string) => `/secret/blog/blog/${slug}`;
    expect(await contentRedirectFor(database.db, path("spring-checklist"))).toBe(
      path("spring-final"),
    );
    expect(await contentRedirectFor(database.db, path("spring-list"))).toBe(path("spring-final"));
    expect(changes.at(-1)).toEqual({
      type: "post",
      before: { slug: "spring-list" },
      after: { slug: "spring-final" },
    });
    // Back to the first name: that path is live again, never redirected away.
    await rename("spring-checklist");
    expect(await contentRedirectFor(database.db, path("spring-checklist"))).toBeNull();
    expect(await contentRedirectFor(database.db, path("spring-final"))).toBe(
      path("spring-checklist"),
    );
    expect(await contentRedirectFor(database.db, path("spring-list"))).toBe(
      path("spring-checklist"),
    );
  });

  test("a slug live on another entry is a 409, not a 500", async ({ call, draft }) => {
    await call("POST", `/api/content/${draft.id}/publish`, {});
    const { entry } = (await call("GET", `/api/content/${draft.id}`)).json();
    await call("PUT", `/api/content/${draft.id}`, {
      ...postFields,
      slug: "renamed-draft",
      version: entry.version,
    });
    const other = (await call("POST", "/api/content", newPost)).json().entry;
    const res = await call("POST", `/api/content/${other.id}/publish`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: contentTexts.pathTaken });
  });

  test("schedules, and the job publishes each due entry once", async ({
    app,
    call,
    draft,
    database,
  }) => {
    const bad = await call("POST", `/api/content/${draft.id}/publish`, {
      at: "2026-12-02T09:00:00",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/offset/);
    for (const at of ["tomorrow", "2026-02-30T09:00:00Z", "+275760-09-13T00:00:00Z"])
      expect((await call("POST", `/api/content/${draft.id}/publish`, { at })).statusCode, at).toBe(
        400,
      );
    const res = await call("POST", `/api/content/${draft.id}/publish`, {
      at: "2026-12-02T09:00:00-05:00",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().entry).toMatchObject({
      status: "scheduled",
      publishAt: "2026-12-02T14:00:00.000Z",
      url: null,
    });
    expect(changes).toEqual([]);
    expect(await publishDueEntries(database.db, new Date("2026-12-02T13:59:59Z"))).toEqual([]);

    // Two instances at the moment it falls due: published once.
    const sibling = database.sibling();
    try {
      const due = new Date("2026-12-02T14:00:00Z");
      // node:sqlite is synchronous: two connections of one process would wait on each other's
      // lock with the event loop blocked, so on SQLite the second instance runs just after.
      const [a, b] =
        engine.name === "postgres"
          ? await Promise.all([
              publishDueEntries(database.db, due),
              publishDueEntries(sibling.db, due),
            ])
          : [await publishDueEntries(database.db, due), await publishDueEntries(sibling.db, due)];
      expect([...a, ...b]).toEqual([
        { type: "post", before: null, after: { slug: "spring-checklist" } },
      ]);
    } finally {
      await sibling.close();
    }
    const { entry } = (await call("GET", `/api/content/${draft.id}`)).json();
    expect(entry).toMatchObject({
      status: "published",
      publishAt: null,
      url: "/secret/blog/blog/spring-checklist",
    });
    const revisions = (await call("GET", `/api/content/${draft.id}/revisions`)).json().revisions;
    expect(revisions.filter((r: { kind: string }) => r.kind === "publish")).toHaveLength(1);

    // The app's own job tells the hook.
    const again = (await call("POST", "/api/content", { ...newPost, slug: "later" })).json().entry;
    await call("POST", `/api/content/${again.id}/publish`, { at: "2026-12-01T15:30:00Z" });
    clock = new Date("2026-12-01T15:31:00Z");
    await app.contentSchedule.run();
    expect(changes).toEqual([{ type: "post", before: null, after: { slug: "later" } }]);
  });

  test("a due entry whose path is live elsewhere stays scheduled and is reported", async ({
    call,
    draft,
    database,
  }) => {
    await call("POST", `/api/content/${draft.id}/publish`, {});
    const { entry } = (await call("GET", `/api/content/${draft.id}`)).json();
    await call("PUT", `/api/content/${draft.id}`, {
      ...postFields,
      slug: "moved",
      version: entry.version,
    });
    const other = (await call("POST", "/api/content", newPost)).json().entry;
    // Scheduling it is refused at once …
    const early = await call("POST", `/api/content/${other.id}/publish`, {
      at: "2026-12-01T16:00:00Z",
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: contentTexts.pathTaken });
    // … but a path can become taken after scheduling (another entry published meanwhile).
    await database.db
      .updateTable("content_entries")
      .set({ status: "scheduled", publish_at: "2026-12-01T16:00:00.000Z" })
      .where("id", "=", other.id)
      .execute();
    const refused: string[] = [];
    const due = new Date("2026-12-01T16:00:00Z");
    expect(
      await publishDueEntries(database.db, due, (id, reason) => refused.push(`${id} ${reason}`)),
    ).toEqual([]);
    expect(refused).toEqual([`${other.id} path-taken`]);
    expect((await call("GET", `/api/content/${other.id}`)).json().entry.status).toBe("scheduled");
  });

  test("unpublishes and deletes: off the site, the hook told", async ({
    call,
    draft,
    database,
  }) => {
    await call("POST", `/api/content/${draft.id}/publish`, {});
    const res = await call("POST", `/api/content/${draft.id}/unpublish`);
    expect(res.statusCode).toBe(200);
    expect(res.json().entry).toMatchObject({ status: "draft", url: null, publishedAt: null });
    expect(await publishedContent(database.db)).toEqual([]);
    expect(changes.at(-1)).toEqual({
      type: "post",
      before: { slug: "spring-checklist" },
      after: null,
    });

    await call("POST", `/api/content/${draft.id}/publish`, {});
    changes.length = 0;
    expect((await call("DELETE", `/api/content/${draft.id}`)).statusCode).toBe(204);
    expect(changes).toEqual([{ type: "post", before: { slug: "spring-checklist" }, after: null }]);
    expect(await publishedContent(database.db)).toEqual([]);
  });

  test("keeps one revision per session, and a restore can be undone", async ({ call, draft }) => {
    const save = async (body: string) => {
      const { entry } = (await call("GET", `/api/content/${draft.id}`)).json();
      const res = await call("PUT", `/api/content/${draft.id}`, {
        ...postFields,
        body,
        version: entry.version,
      });
      expect(res.statusCode).toBe(200);
    };
    await save("Second.");
    clock = new Date(clock.getTime() + 10 * 60_000);
    await save("Third.");
    let revisions = (await call("GET", `/api/content/${draft.id}/revisions`)).json().revisions;
    expect(revisions).toHaveLength(1);
    clock = new Date(clock.getTime() + 31 * 60_000);
    await save("Fourth, a new session.");
    revisions = (await call("GET", `/api/content/${draft.id}/revisions`)).json().revisions;
    expect(revisions.map((r: { kind: string }) => r.kind)).toEqual(["session", "session"]);
    const older = revisions[1];
    const detail = (await call("GET", `/api/content/${draft.id}/revisions/${older.id}`)).json()
      .revision;
    expect(detail).toMatchObject({
      kind: "session",
      slug: "spring-checklist",
      body: "Third.",
      fields: { title: newPost.title },
    });

    const restored = await call("POST", `/api/content/${draft.id}/revisions/${older.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().entry).toMatchObject({ body: "Third.", version: 5 });
    revisions = (await call("GET", `/api/content/${draft.id}/revisions`)).json().revisions;
    expect(revisions[0].kind).toBe("restore");
    // Undo: restore the session before it.
    const undo = await call(
      "POST",
      `/api/content/${draft.id}/revisions/${revisions[1].id}/restore`,
    );
    expect(undo.json().entry).toMatchObject({ body: "Fourth, a new session.", version: 6 });
    expect(changes).toEqual([]);
    const unknown = await call("GET", `/api/content/${draft.id}/revisions/${draft.id}`);
    expect(unknown.statusCode).toBe(404);
  });

  test("preview links open the working copy until they expire or are revoked", async ({
    call,
    draft,
    database,
  }) => {
    const res = await call("POST", `/api/content/${draft.id}/preview-links`);
    expect(res.statusCode).toBe(201);
    const { id, url, expiresAt } = res.json();
    expect(url).toMatch(/^\/preview\/[A-Za-z0-9_-]{43}$/);
    expect(expiresAt).toBe("2026-12-08T15:00:00.000Z");
    const token = url.slice("/preview/".length);
    const stored = await database.db.selectFrom("content_preview_links").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await previewEntryForToken(database.db, token, clock)).toMatchObject({
      id: draft.id,
      body: newPost.body,
    });
    expect(await previewEntryForToken(database.db, `${token}x`, clock)).toBeNull();
    expect(
      await previewEntryForToken(database.db, token, new Date("2026-12-08T15:00:00.000Z")),
    ).toBeNull();
    expect((await call("GET", `/api/content/${draft.id}/preview-links`)).json().links).toEqual([
      { id, createdAt: clock.toISOString(), expiresAt },
    ]);
    expect((await call("DELETE", `/api/content/${draft.id}/preview-links/${id}`)).statusCode).toBe(
      204,
    );
    expect((await call("DELETE", `/api/content/${draft.id}/preview-links/${id}`)).statusCode).toBe(
      404,
    );
    expect(await previewEntryForToken(database.db, token, clock)).toBeNull();
    expect((await call("GET", `/api/content/${draft.id}/preview-links`)).json().links).toEqual([]);
  });

  test("site settings: defaults, save with a version, 409 when stale, 400 with fields", async ({
    call,
  }) => {
    const first = (await call("GET", "/api/site-settings")).json();
    expect(first).toEqual({ settings: defaultSiteSettings, version: 0 });
    expect((await call("GET", "/api/settings")).json().studioName).toBe(
      defaultSiteSettings.studioName,
    );
    const settings = {
      ...defaultSiteSettings,
      studioName: "Harbour Web Studio",
      tagline: "Fast sites for small shops.",
    };
    const saved = await call("PUT", "/api/site-settings", { settings, version: 0 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ settings, version: 1 });
    // The admin's header names the studio as saved.
    expect((await call("GET", "/api/settings")).json().studioName).toBe("Harbour Web Studio");
    expect((await call("PUT", "/api/site-settings", { settings, version: 0 })).statusCode).toBe(
      409,
    );
    const bad = await call("PUT", "/api/site-settings", {
      settings: {
        ...settings,
        email: "nope",
        socialLinks: [{ label: "X", url: "http://x.example" }],
      },
      version: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(["email", "socialLinks.0.url"]);
    expect((await call("GET", "/api/site-settings")).json()).toEqual({ settings, version: 1 });
  });
});

describe.each(testEngines)("pictures in a published entry on $name", (engine) => {
  const test = engineTest(engine, { deps: { now: () => new Date("2026-12-01T15:00:00.000Z") } });
  const picture = "0193a2b4-0000-7000-8000-00000000a17e";
  const addPicture = (database: { db: import("../db/connect.ts").Db }, alt: string) =>
    database.db
      .insertInto("media")
      .values({
        id: picture,
        file_name: "porch.jpg",
        content_type: "image/jpeg",
        width: 1600,
        height: 1067,
        alt,
        bytes: 1000,
        placeholder: null,
        color: "#886644",
        sha256: "0".repeat(64),
        created_at: "2026-12-01T14:00:00.000Z",
        created_by: null,
      })
      .execute();

  test("must each say what they show, and still be in the library", async ({
    app,
    admin,
    database,
  }) => {
    const call = (method: "POST" | "PUT", url: string, payload: object) =>
      app.inject({ method, url, headers: { "x-access-token": admin.accessToken }, payload });
    const created = await call("POST", "/api/content", {
      ...newPost,
      body: `The porch, before.\n\n![](/media/${picture}/800.webp)\n`,
    });
    const { id } = created.json().entry;
    // Not in the library (yet, or any more).
    let res = await call("POST", `/api/content/${id}/publish`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.body).toBe(contentTexts.pictureMissing(1));
    // In the library without alt text.
    await addPicture(database, "");
    res = await call("POST", `/api/content/${id}/publish`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.body).toBe(contentTexts.altMissing(1));
    // Described: it goes live.
    await database.db
      .updateTable("media")
      .set({ alt: "A porch with new steps" })
      .where("id", "=", picture)
      .execute();
    res = await call("POST", `/api/content/${id}/publish`, {});
    expect(res.statusCode, res.body).toBe(200);
  });
});

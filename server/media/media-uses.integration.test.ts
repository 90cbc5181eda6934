import { sql } from "kysely";
import { describe, expect } from "vitest";
import { mediaIdsIn } from "../../domain/media.ts";
import type { Db } from "../db/connect.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { mediaUses } from "./media-uses.ts";

/**
 * Where pictures are used, read from the content studio's entries by SQL on both engines,
 * before that table exists and after (here a minimal one of the columns it will have).
 */
const door = "0190f1a2-7b3c-7d4e-8f50-617283940a1b";
const roof = "0190f1a2-7b3c-7d4e-8f50-617283940a1c";
const unused = "0190f1a2-7b3c-7d4e-8f50-617283940a1d";

async function createEntries(db: Db, dataType: "text" | "jsonb") {
  await db.schema
    .createTable("content_entries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("data", sql.raw(dataType), (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .execute();
  const entries = [
    ["e1", "case-study", "longue-vue", { cover: `/media/${door}/800.webp` }, "No pictures."],
    [
      "e2",
      "blog",
      "caliban",
      {},
      `![Door](/media/${door}/1200.avif) and ![Roof](/media/${roof}/orig.jpg)`,
    ],
    ["e3", "blog", "bitdrift", { note: `media/${unused}` }, `/media/${unused}-not-an-address`],
  ] as const;
  for (const [id, type, slug, data, body] of entries)
    await sql`insert into content_entries (id, type, slug, data, body)
      values (${id}, ${type}, ${slug}, ${JSON.stringify(data)}, ${body})`.execute(db);
}

describe.each(testEngines)("where pictures are used, on $name", (engine) => {
  const test = engineTest(engine);

  test("finds nothing before the content studio's table exists", async ({ database }) => {
    const uses = await mediaUses(database.db, [door]);
    expect([...uses]).toEqual([[door, []]]);
  });

  test("finds each picture in entries' fields and Markdown", async ({ database }) => {
    expect((await mediaUses(database.db, [door])).get(door)).toEqual([]);
    await createEntries(database.db, engine.name === "postgres" ? "jsonb" : "text");
    const uses = await mediaUses(database.db, [
      door,
      roof,
      unused,
      "not-an-id",
      door.toUpperCase(),
    ]);
    expect(uses.get(door)).toEqual([
      { id: "e2", type: "blog", slug: "caliban" },
      { id: "e1", type: "case-study", slug: "longue-vue" },
    ]);
    expect(uses.get(roof)).toEqual([{ id: "e2", type: "blog", slug: "caliban" }]);
    // An id mentioned but not as a picture's address is no use.
    expect(uses.get(unused)).toEqual([]);
    expect(uses.get("not-an-id")).toEqual([]);
  });

  test("reads the pictures an entry names", () => {
    expect(
      mediaIdsIn(
        `![a](/media/${door}/800.webp) ![b](/media/${roof.toUpperCase()}/orig.jpg) /media/${door}/x`,
      ),
    ).toEqual([door, roof]);
  });
});

import { describe, expect } from "vitest";
import { mediaIdsIn } from "../../domain/media.ts";
import type { Db } from "../db/connect.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { mediaUses } from "./media-uses.ts";

/** Where pictures are used, read from the content studio's entries by SQL on both engines. */
const door = "0190f1a2-7b3c-7d4e-8f50-617283940a1b";
const roof = "0190f1a2-7b3c-7d4e-8f50-617283940a1c";
const unused = "0190f1a2-7b3c-7d4e-8f50-617283940a1d";

/** Entries as the content studio stores them (ids are UUIDs; the fields are JSON text). */
const e1 = "0190f1a2-7b3c-7d4e-8f50-6172839400e1";
const e2 = "0190f1a2-7b3c-7d4e-8f50-6172839400e2";
const e3 = "0190f1a2-7b3c-7d4e-8f50-6172839400e3";
async function createEntries(db: Db) {
  const entries = [
    [e1, "case-study", "longue-vue", { cover: `/media/${door}/800.webp` }, "No pictures."],
    [
      e2,
      "post",
      "caliban",
      {},
      `![Door](/media/${door}/1200.avif) and ![Roof](/media/${roof}/orig.jpg)`,
    ],
    [e3, "post", "bitdrift", { note: `media/${unused}` }, `/media/${unused}-not-an-address`],
  ] as const;
  const at = "2026-12-01T15:00:00.000Z";
  for (const [id, type, slug, data, body] of entries)
    await db
      .insertInto("content_entries")
      .values({
        id,
        type,
        slug,
        data: JSON.stringify(data),
        body,
        version: 1,
        status: "draft",
        created_at: at,
        updated_at: at,
      })
      .execute();
}

describe.each(testEngines)("where pictures are used, on $name", (engine) => {
  const test = engineTest(engine);

  test("finds each picture in entries' fields and Markdown", async ({ database }) => {
    expect((await mediaUses(database.db, [door])).get(door)).toEqual([]);
    await createEntries(database.db);
    const uses = await mediaUses(database.db, [
      door,
      roof,
      unused,
      "not-an-id",
      door.toUpperCase(),
    ]);
    expect(uses.get(door)).toEqual([
      { id: e1, type: "case-study", slug: "longue-vue" },
      { id: e2, type: "post", slug: "caliban" },
    ]);
    expect(uses.get(roof)).toEqual([{ id: e2, type: "post", slug: "caliban" }]);
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

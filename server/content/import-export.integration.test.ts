import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect } from "vitest";
import { contentTypeNames } from "../../domain/content-entry.ts";
import { contentTypes } from "../../domain/content-schema.ts";
import { openSqlite } from "../db/connect.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { testEngines } from "../test-support/databases.ts";
import { itOn } from "../test-support/engine-tests.ts";
import { engineTest } from "../test-support/fixture.ts";
import { runCli } from "../test-support/run-cli.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { testSecret } from "../test-support/tokens.ts";
import { publishedContent } from "./content.repository.ts";
import { exportContent } from "./export.ts";
import { defaultContentDir, importContent } from "./import.ts";
import { readMarkdown } from "./markdown-files.ts";

const quiet = { warn: () => undefined, debug: () => undefined };

/** Every Markdown file of content/'s type folders, by its path under content/. */
function markdownFiles(dir: string): Map<string, { data: Record<string, unknown>; body: string }> {
  const files = new Map<string, { data: Record<string, unknown>; body: string }>();
  for (const type of contentTypeNames) {
    const folder = contentTypes[type].folder;
    let names: string[] = [];
    try {
      names = readdirSync(path.join(dir, folder)).filter((name) => name.endsWith(".md"));
    } catch {}
    for (const name of names)
      files.set(
        `${folder}/${name}`,
        readMarkdown(readFileSync(path.join(dir, folder, name), "utf8")),
      );
  }
  return files;
}

const scratch = () => mkdtempSync(path.join(tmpdir(), "fineline-content-"));

describe.each(testEngines)("importing and exporting content on $name", (engine) => {
  const test = engineTest(engine);
  const originals = markdownFiles(defaultContentDir);

  test("imports every file of content/ once, published, and never again", async ({ database }) => {
    const { db } = database;
    expect(originals.size).toBeGreaterThanOrEqual(20);
    expect(await importContent(db, defaultContentDir, quiet)).toBe(originals.size);
    const rows = await db.selectFrom("content_entries").selectAll().orderBy("id").execute();
    expect(rows).toHaveLength(originals.size);
    expect(rows.every((row) => row.status === "published" && Number(row.version) === 1)).toBe(true);
    expect(rows.map((row) => row.imported_from).sort()).toEqual(
      [...originals.keys()].map((file) => `content/${file}`).sort(),
    );
    const capital = rows.find((row) => row.slug === "the-5-Ds");
    expect(capital?.published_slug).toBe("the-5-Ds");
    const people = rows.filter((row) => row.type === "person");
    expect(people.map((row) => JSON.parse(row.data).name).sort()).toEqual([
      "Nora Whitfield",
      "Priya Raman",
      "Sam Okafor",
      "Theo Marchetti",
    ]);

    // Edited in the studio, then deleted: neither is undone by the next start.
    const edited = rows[0];
    const deleted = rows[1];
    if (!edited || !deleted) throw new Error("no rows");
    await db
      .updateTable("content_entries")
      .set({ body: "Edited in the studio.", version: 2 })
      .where("id", "=", edited.id)
      .execute();
    await db.deleteFrom("content_entries").where("id", "=", deleted.id).execute();
    expect(await importContent(db, defaultContentDir, quiet)).toBe(0);
    const after = await db.selectFrom("content_entries").selectAll().orderBy("id").execute();
    expect(after).toHaveLength(originals.size - 1);
    expect(after.find((row) => row.id === edited.id)?.body).toBe("Edited in the studio.");
    expect(after.find((row) => row.id === deleted.id)).toBeUndefined();
  });

  test("two instances importing at once take each file in once", async ({ database }) => {
    if (engine.name === "postgres") {
      const sibling = database.sibling();
      try {
        const counts = await Promise.all([
          importContent(database.db, defaultContentDir, quiet),
          importContent(sibling.db, defaultContentDir, quiet),
        ]);
        expect(counts.reduce((a, b) => a + b)).toBe(originals.size);
      } finally {
        await sibling.close();
      }
    } else {
      await importContent(database.db, defaultContentDir, quiet);
      await importContent(database.db, defaultContentDir, quiet);
    }
    const rows = await database.db.selectFrom("content_entries").select("id").execute();
    expect(rows).toHaveLength(originals.size);
    expect(await database.db.selectFrom("content_revisions").select("id").execute()).toHaveLength(
      originals.size,
    );
  });

  test("skips a bad file with a warning and takes in the rest", async ({ database }) => {
    const dir = scratch();
    cpSync(defaultContentDir, dir, { recursive: true });
    writeFileSync(path.join(dir, "blog", "broken.md"), "---\ntitle: [unclosed\n---\nText\n");
    writeFileSync(path.join(dir, "events", "no-title.md"), "---\nprice: Free\n---\nText\n");
    const warnings: string[] = [];
    const count = await importContent(database.db, dir, {
      warn: (_obj, msg) => warnings.push(msg),
      debug: () => undefined,
    });
    expect(count).toBe(originals.size);
    expect(warnings).toEqual([
      expect.stringContaining("content/blog/broken.md skipped"),
      expect.stringContaining("content/events/no-title.md skipped"),
    ]);
  });

  test("exports what is live in today's format: it reads back equal to content/", async ({
    database,
  }) => {
    await importContent(database.db, defaultContentDir, quiet);
    const out = scratch();
    const counts = await exportContent(database.db, out);
    expect(counts).toEqual({ published: originals.size, drafts: 0 });
    const exported = markdownFiles(out);
    expect([...exported.keys()].sort()).toEqual([...originals.keys()].sort());
    for (const [file, original] of originals) {
      const copy = exported.get(file);
      expect(copy?.data, file).toEqual(original.data);
      expect(copy?.body, file).toBe(original.body);
      const type = contentTypeNames.find((name) =>
        file.startsWith(`${contentTypes[name].folder}/`),
      );
      if (!type) throw new Error(file);
      expect(contentTypes[type].schema.safeParse(copy?.data).success, file).toBe(true);
    }
    // And the export imports again as the same live content.
    const again = await engine.open();
    try {
      await importContent(again.db, out, quiet);
      const strip = (entries: Awaited<ReturnType<typeof publishedContent>>) =>
        entries.map(({ type, slug, data, body }) => ({ type, slug, data, body }));
      expect(strip(await publishedContent(again.db))).toEqual(
        strip(await publishedContent(database.db)),
      );
    } finally {
      await again.close();
    }
  });

  // What `npm start` does: the app opens its own database, migrates it, then imports.
  itOn(engine, "sqlite")(
    "the app imports content/ at start when it opens its own database",
    async () => {
      const first = await buildTestApp(undefined, { JWT_SECRET: testSecret });
      try {
        expect(await publishedContent(first.db)).toHaveLength(originals.size);
        expect(
          (await publishedContent(first.db)).find((entry) => entry.slug === "the-5-Ds"),
        ).toMatchObject({
          type: "post",
          data: expect.objectContaining({ section: "field-notes" }),
        });
      } finally {
        await first.close();
      }
    },
  );

  // The CLI is the same on both engines; it runs once, on a SQLite file of its own.
  itOn(engine, "sqlite")("npm run content:export writes drafts apart", async () => {
    // The CLI opens DATA_DIR's database: make one there with one live entry and one draft.
    const dataDir = scratch();
    const handle = openSqlite(path.join(dataDir, "app.db"));
    try {
      await migrateToLatest(handle.db as never);
      const dir = scratch();
      mkdirSync(path.join(dir, "blog"), { recursive: true });
      cpSync(
        path.join(defaultContentDir, "blog", "bitdrift.md"),
        path.join(dir, "blog", "bitdrift.md"),
      );
      await importContent(handle.db, dir, quiet);
      await handle.db
        .updateTable("content_entries")
        .set({
          status: "draft",
          published_slug: null,
          published_data: null,
          published_body: null,
          published_at: null,
          published_version: null,
        })
        .execute();
    } finally {
      await handle.close();
    }
    const out = scratch();
    const result = await runCli("content-export", ["--out", out], {
      DATA_DIR: dataDir,
      JWT_SECRET: "x".repeat(40),
    });
    expect(result.output).toContain("0 published and 1 unpublished");
    expect(result.status).toBe(0);
    expect(readdirSync(path.join(out, "drafts", "blog"))).toEqual(["bitdrift.md"]);
    const usage = await runCli("content-export", [], { DATA_DIR: dataDir });
    expect(usage.status).toBe(2);
  });
});

import { describe, expect } from "vitest";
import { importTexts } from "../../domain/lead-import.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { signedInUser } from "../test-support/tokens.ts";

/**
 * Importing leads from CSV (docs/integrations.md, "Importing leads"): a dry run, the import
 * with its matching by address, a second import that changes nothing, undo, the refusals, and
 * a 50,000-row file. On both engines, through the API.
 */
describe.each(testEngines)("lead import on $name", (engine) => {
  const test = engineTest(engine, { env: { RATE_LIMIT: "off", DIGEST_HOUR: "off" } })
    .extend(
      "upload",
      ({ app }) =>
        (token: string, csv: string | Buffer, query = "", contentType = "text/csv") =>
          app.inject({
            method: "POST",
            url: `/api/leads/import${query}`,
            headers: { "x-access-token": token, "content-type": contentType },
            payload: csv,
          }),
    )
    .extend(
      "undo",
      ({ app }) =>
        (token: string, batchId: string) =>
          app.inject({
            method: "POST",
            url: `/api/leads/import/${batchId}/undo`,
            headers: { "x-access-token": token },
          }),
    )
    .extend(
      "leads",
      ({ database }) =>
        async () =>
          database.db.selectFrom("leads").selectAll().orderBy("email").execute(),
    )
    .extend("arrive", ({ app, database }) => async (email: string) => {
      const res = await app.inject({
        method: "POST",
        url: "/api/leads/contact-us",
        payload: { email, firstName: "Ana", lastName: "Lopes", message: "A new shop, please." },
      });
      expect(res.statusCode, res.body).toBe(201);
      const lead = await database.db
        .selectFrom("leads")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      return lead.id;
    });

  // A HubSpot-style export: a BOM, CRLF, a quoted line break, an unknown column, bad rows.
  const hubspot =
    "\uFEFFFirst Name,Last Name,Email,Phone Number,Lifecycle Stage,Notes\r\n" +
    'Rosa,Diaz,rosa@bakery.example,+34 600 000 000,lead,"Met at the fair;\r\nwants a shop"\r\n' +
    "Mei,Chen,not-an-address,,customer,\r\n" +
    "\r\n" +
    "Jamal,,ANA@Example.com,,lead,Prefers calls\r\n" +
    "Bad\u0000Name,X,nul@example.com,,,\r\n";

  test("a dry run counts, lists bad rows by line and unknown columns, and writes nothing", async ({
    admin,
    upload,
    arrive,
    leads,
  }) => {
    await arrive("ana@example.com");
    const before = await leads();
    const res = await upload(admin.accessToken, hubspot, "?dryRun=true&fileName=contacts.csv");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      new: 1,
      updated: 1,
      unchanged: 0,
      invalid: [
        { line: 4, message: importTexts.badEmail },
        { line: 7, message: importTexts.badFirstName },
      ],
      invalidTotal: 2,
      columns: {
        matched: {
          "First Name": "FirstName",
          "Last Name": "LastName",
          Email: "Email",
          "Phone Number": "Phone",
          Notes: "Notes",
        },
        ignored: [],
        unknown: ["Lifecycle Stage"],
      },
    });
    expect(await leads()).toEqual(before);
  });

  test("imports new leads quietly, fills only empty fields, and changes nothing the second time", async ({
    admin,
    database,
    upload,
    arrive,
    leads,
  }) => {
    const anaId = await arrive("ana@example.com");
    const outbox = await database.db.selectFrom("outbox").select("id").execute();
    const first = await upload(admin.accessToken, hubspot, "?fileName=contacts.csv");
    expect(first.statusCode, first.body).toBe(200);
    const result = first.json() as { new: number; updated: number; batchId: string };
    expect(result).toMatchObject({ new: 1, updated: 1, unchanged: 0, invalidTotal: 2 });
    expect(result.batchId).toEqual(expect.any(String));

    const all = await leads();
    expect(all).toHaveLength(2);
    const rosa = all.find((lead) => lead.email === "rosa@bakery.example");
    expect(rosa).toMatchObject({
      first_name: "Rosa",
      last_name: "Diaz",
      source: "import",
      source_page: null,
      comm_status: "NO CONTACT",
      notes: "Met at the fair;\r\nwants a shop\nPhone: +34 600 000 000",
    });
    expect(Boolean(rosa?.contacted_us)).toBe(false);
    // Ana wrote to us first: her name stays as she typed it; the row's notes are appended.
    const ana = all.find((lead) => lead.id === anaId);
    expect(ana).toMatchObject({ first_name: "Ana", last_name: "Lopes", email: "ana@example.com" });
    expect(ana?.notes).toMatch(/^Imported \d{4}-\d{2}-\d{2} from contacts\.csv:\nPrefers calls$/);
    // No notification, no auto-reply, no assignment e-mail for an imported lead.
    expect(await database.db.selectFrom("outbox").select("id").execute()).toEqual(outbox);
    // The audit log records the import by its counts, never its rows.
    const audit = await database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "importLeads")
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).toContain(result.batchId);
    expect(JSON.stringify(audit[0])).not.toContain("rosa@bakery.example");

    const again = await upload(admin.accessToken, hubspot, "?fileName=contacts.csv");
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ new: 0, updated: 0, unchanged: 2, invalidTotal: 2 });
    expect(await leads()).toEqual(all);
  });

  test("two imports of the same new addresses at once make one lead each", async ({
    admin,
    upload,
    leads,
  }) => {
    const rows = Array.from({ length: 600 }, (_, n) => `same-${n}@example.com,Ana,Lopes ${n}`);
    const csv = ["Email,First Name,Last Name", ...rows].join("\n");
    // Two tabs at the same moment: two transactions at once on PostgreSQL's pool.
    const [a, b] = await Promise.all([
      upload(admin.accessToken, csv, "?fileName=a.csv"),
      upload(admin.accessToken, csv, "?fileName=b.csv"),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json().new + b.json().new).toBe(600);
    const all = await leads();
    expect(all).toHaveLength(600);
    expect(new Set(all.map((lead) => lead.email)).size).toBe(600);
  });

  test("undo erases what the import created and puts back what it filled in", async ({
    admin,
    app,
    database,
    upload,
    undo,
    arrive,
    leads,
  }) => {
    const anaId = await arrive("ana@example.com");
    const before = await leads();
    const csv =
      "Email,First Name,Value,Notes\nana@example.com,,1200,Budget agreed\nnew@example.com,New,,\n";
    const res = await upload(admin.accessToken, csv);
    expect(res.json()).toMatchObject({ new: 1, updated: 1 });
    const { batchId } = res.json() as { batchId: string };
    const created = (await leads()).find((lead) => lead.email === "new@example.com");

    const undone = await undo(admin.accessToken, batchId);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ removed: 1, reverted: 1, notReverted: 0 });
    const after = await leads();
    expect(after.map((lead) => [lead.id, lead.notes, lead.value])).toEqual(
      before.map((lead) => [lead.id, lead.notes, lead.value]),
    );
    expect(after.find((lead) => lead.id === anaId)?.value).toBeNull();
    // Gone from search too.
    const search = await app.inject({
      method: "GET",
      url: "/api/leads/new?q=new%40example",
      headers: { "x-access-token": admin.accessToken },
    });
    expect(JSON.stringify(search.json())).not.toContain(created?.id ?? "none");

    const twice = await undo(admin.accessToken, batchId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(importTexts.alreadyUndone);
    expect((await undo(admin.accessToken, "no-such-import")).statusCode).toBe(404);

    // A week and a day later, an import can no longer be undone.
    const later = (await upload(admin.accessToken, "Email\nlate@example.com\n")).json() as {
      batchId: string;
    };
    await database.db
      .updateTable("lead_imports")
      .set({ created_at: new Date(Date.now() - 8 * 86_400_000).toISOString() })
      .where("id", "=", later.batchId)
      .execute();
    const expired = await undo(admin.accessToken, later.batchId);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(importTexts.undoExpired);
  });

  test("undo leaves alone what the team changed since", async ({
    admin,
    app,
    upload,
    undo,
    arrive,
    leads,
  }) => {
    const anaId = await arrive("ana@example.com");
    const res = await upload(
      admin.accessToken,
      "Email,Message,Notes\nana@example.com,,Met twice\nkeep@example.com,Hello,\n",
    );
    const { batchId } = res.json() as { batchId: string };
    const kept = (await leads()).find((lead) => lead.email === "keep@example.com");
    for (const [id, Notes] of [
      [anaId, "Called her back."],
      [kept?.id ?? "", "Spoke on the phone."],
    ] as const) {
      const update = await app.inject({
        method: "POST",
        url: `/api/leads/update/${id}`,
        headers: { "x-access-token": admin.accessToken },
        payload: { Notes },
      });
      expect(update.statusCode, update.body).toBe(200);
    }
    const undone = await undo(admin.accessToken, batchId);
    expect(undone.json()).toEqual({ removed: 0, reverted: 0, notReverted: 2 });
    const after = await leads();
    expect(after.find((lead) => lead.id === anaId)?.notes).toBe("Called her back.");
    expect(after.find((lead) => lead.id === kept?.id)?.notes).toBe("Spoke on the phone.");
  });

  test("a member imports and undoes their own import, not someone else's", async ({
    admin,
    app,
    database,
    upload,
    undo,
  }) => {
    const mia = await signedInUser(database.db, "member", "mia@fineline.studio", app.tokens);
    const leo = await signedInUser(database.db, "member", "leo@fineline.studio", app.tokens);
    const res = await upload(mia.accessToken, "Email\nmia.lead@example.com\n");
    expect(res.statusCode, res.body).toBe(200);
    const { batchId } = res.json() as { batchId: string };
    expect((await undo(leo.accessToken, batchId)).statusCode).toBe(403);
    expect((await undo(mia.accessToken, batchId)).statusCode).toBe(200);
    const other = (await upload(mia.accessToken, "Email\nother@example.com\n")).json() as {
      batchId: string;
    };
    expect((await undo(admin.accessToken, other.batchId)).statusCode).toBe(200);
  });

  test("refuses what is not a usable CSV file, with a message, and keeps nothing of it", async ({
    admin,
    upload,
    leads,
  }) => {
    const refused = async (
      body: string | Buffer,
      status: number,
      message: string,
      type?: string,
    ) => {
      const res = await upload(admin.accessToken, body, "", type);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    };
    await refused('{"Email":"a@example.com"}', 415, importTexts.notCsv, "application/json");
    await refused(
      Buffer.from([0x45, 0x6d, 0x61, 0x69, 0x6c, 0x0a, 0xff, 0xfe, 0x0a]),
      400,
      importTexts.notUtf8,
    );
    await refused("Name,Phone\nAna,1\n", 400, importTexts.noEmail);
    await refused("", 400, importTexts.empty);
    await refused("Email\n", 400, importTexts.empty);
    await refused('Email,Notes\na@example.com,"open quote\n', 400, importTexts.malformed(2));
    const rows = Array.from({ length: 50_001 }, (_, i) => `row${i}@example.com`).join("\n");
    await refused(`Email\n${rows}\n`, 413, importTexts.tooManyRows);
    const big = `Email,Notes\n${`x@example.com,${"n".repeat(9000)}\n`.repeat(1200)}`;
    await refused(big, 413, importTexts.tooLarge);
    expect(await leads()).toEqual([]);
  }, 120_000);

  test("keeps a formula as text, and the export neutralises it on the way out", async ({
    admin,
    app,
    upload,
  }) => {
    const res = await upload(
      admin.accessToken,
      'Email,First Name,Notes\nformula@example.com,=1+2,"@SUM(A1:A9)"\n',
    );
    expect(res.json()).toMatchObject({ new: 1, invalidTotal: 0 });
    const exported = await app.inject({
      method: "GET",
      url: "/api/leads/export.csv",
      headers: { "x-access-token": admin.accessToken },
    });
    expect(exported.body).toContain("'=1+2");
    expect(exported.body).toContain("'@SUM(A1:A9)");
    expect(exported.body).not.toMatch(/,=1\+2/);
  });

  test("imports 50,000 rows, changes nothing on the second import, and undoes them", async ({
    admin,
    upload,
    undo,
    database,
  }) => {
    const rows = Array.from(
      { length: 50_000 },
      (_, i) => `lead${i}@example.com,First${i},Last${i},"Note ${i}, with a comma"`,
    );
    const csv = `Email,First Name,Last Name,Notes\n${rows.join("\n")}\n`;
    const first = await upload(admin.accessToken, csv);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ new: 50_000, updated: 0, invalidTotal: 0 });
    const count = async () =>
      Number(
        (
          await database.db
            .selectFrom("leads")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(50_000);
    const second = await upload(admin.accessToken, csv);
    expect(second.json()).toMatchObject({ new: 0, updated: 0, unchanged: 50_000 });
    const { batchId } = first.json() as { batchId: string };
    const undone = await undo(admin.accessToken, batchId);
    expect(undone.json()).toEqual({ removed: 50_000, reverted: 0, notReverted: 0 });
    expect(await count()).toBe(0);
  }, 300_000);
});

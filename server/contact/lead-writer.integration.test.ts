import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/connect.ts";
import { countLeads } from "../leads/lead-lists.repository.ts";
import { testEngines } from "../test-support/databases.ts";
import { createLeadWriter } from "./lead-writer.ts";

const lead = (i: number) => ({
  firstName: "Ann",
  lastName: `No ${i}`,
  email: `ann${i}@x.example`,
  message: "Hi",
  sourcePage: null,
});

describe.each(testEngines)("group commit on $name", (engine) => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await engine.open();
  });
  afterEach(() => handle.close());

  it("commits concurrent writes together and answers each with its own lead", async () => {
    const writer = createLeadWriter(handle.db);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => writer.write({ lead: lead(i) })),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(30);
    expect(results.every((r) => !r.duplicate)).toBe(true);
    expect(await countLeads(handle.db)).toBe(30);
  });

  it("stores a repeat inside the same batch once", async () => {
    const writer = createLeadWriter(handle.db);
    const [a, b] = await Promise.all([
      writer.write({ lead: lead(1) }),
      writer.write({ lead: lead(1) }),
    ]);
    expect(b).toEqual({ id: a?.id, duplicate: true, spam: null });
    expect(await countLeads(handle.db)).toBe(1);
  });

  it("does not let one failing write fail the others in its batch", async () => {
    const writer = createLeadWriter(handle.db);
    const bad = { ...lead(2), firstName: null as unknown as string }; // violates NOT NULL
    const results = await Promise.allSettled([
      writer.write({ lead: lead(1) }),
      writer.write({ lead: bad }),
      writer.write({ lead: lead(3) }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await countLeads(handle.db)).toBe(2);
  });
});

import { describe, expect, it } from "vitest";
import { emptyDraft } from "./entry-form.ts";
import { clearLocalCopy, copyToOffer, readLocalCopy, writeLocalCopy } from "./local-copy.ts";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const server = { draft: emptyDraft("post"), version: 4, updatedAt: "2026-11-20T10:00:00Z" };
const edited = { ...emptyDraft("post"), body: "typed before the tab closed" };

describe("the local copy", () => {
  it("is written, read back and cleared per entry", () => {
    const storage = memoryStorage();
    writeLocalCopy("a", { draft: edited, baseVersion: 4, writtenAt: 1 }, storage);
    expect(readLocalCopy("a", storage)?.draft.body).toBe(edited.body);
    expect(readLocalCopy("b", storage)).toBeNull();
    clearLocalCopy("a", storage);
    expect(readLocalCopy("a", storage)).toBeNull();
  });

  it("survives a storage that throws", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => {},
    };
    expect(() =>
      writeLocalCopy("a", { draft: edited, baseVersion: 1, writtenAt: 1 }, broken),
    ).not.toThrow();
    expect(readLocalCopy("a", broken)).toBeNull();
  });

  it("is offered when it differs and is newer than the server's text", () => {
    const later = Date.parse(server.updatedAt) + 1000;
    expect(copyToOffer({ draft: edited, baseVersion: 4, writtenAt: 0 }, server)).not.toBeNull();
    expect(copyToOffer({ draft: edited, baseVersion: 3, writtenAt: later }, server)).not.toBeNull();
  });

  it("is not offered when it matches, or someone saved over it since", () => {
    expect(
      copyToOffer({ draft: server.draft, baseVersion: 4, writtenAt: Date.now() }, server),
    ).toBeNull();
    expect(copyToOffer({ draft: edited, baseVersion: 3, writtenAt: 0 }, server)).toBeNull();
    expect(copyToOffer(null, server)).toBeNull();
  });
});

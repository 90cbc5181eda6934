import { type Draft, sameDraft } from "./entry-form.ts";

/**
 * A copy of the text in this browser, written on every change and dropped once the server
 * holds the same: a crash, a closed tab or a lost connection between two saves loses nothing.
 */
export type LocalCopy = { draft: Draft; baseVersion: number; writtenAt: number };

const keyOf = (id: string) => `fineline:content-draft:${id}`;

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

// Private browsing and full quotas throw; the copy is a safety net, never a reason to fail.
function store(): Store | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function writeLocalCopy(id: string, copy: LocalCopy, storage = store()) {
  try {
    storage?.setItem(keyOf(id), JSON.stringify(copy));
  } catch {
    // Full or refused: the server copy still stands.
  }
}

export function readLocalCopy(id: string, storage = store()): LocalCopy | null {
  try {
    const raw = storage?.getItem(keyOf(id));
    if (!raw) return null;
    const copy = JSON.parse(raw) as LocalCopy;
    return copy && typeof copy.baseVersion === "number" && copy.draft ? copy : null;
  } catch {
    return null;
  }
}

export function clearLocalCopy(id: string, storage = store()) {
  try {
    storage?.removeItem(keyOf(id));
  } catch {
    // Nothing to do: a stale copy is offered once more and can be discarded.
  }
}

/**
 * Whether to offer the copy on opening: it holds different text and was written after the
 * server's last save, or on top of the version the server still has (a save that never
 * arrived). An older copy someone else's save has superseded is not offered.
 */
export function copyToOffer(
  copy: LocalCopy | null,
  server: { draft: Draft; version: number; updatedAt: string },
): LocalCopy | null {
  if (!copy || sameDraft(copy.draft, server.draft)) return null;
  const serverAt = Date.parse(server.updatedAt);
  const newer = Number.isNaN(serverAt) || copy.writtenAt > serverAt;
  return copy.baseVersion >= server.version || newer ? copy : null;
}

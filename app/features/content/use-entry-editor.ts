import { useCallback, useEffect, useRef, useState } from "react";
import { Autosaver, type AutosaveState, initialAutosave, type SaveOutcome } from "./autosave.ts";
import { contentApi, type Entry, failureText } from "./content-api.ts";
import { type Draft, draftToFields, entryToDraft, sameDraft, validateDraft } from "./entry-form.ts";
import {
  clearLocalCopy,
  copyToOffer,
  type LocalCopy,
  readLocalCopy,
  writeLocalCopy,
} from "./local-copy.ts";
import { isOwnUnansweredSave, type SavePayload } from "./lost-save.ts";

const fixFields = "Fix the marked fields to save.";

/**
 * One entry's editing session: the text as typed, saved by autosave with the version it was
 * based on, copied to this browser on every change, and a conflict held until the owner
 * chooses. The screen renders what this returns.
 */
export function useEntryEditor(initial: Entry, timeZone: string) {
  const [entry, setEntry] = useState(initial);
  const [draft, setDraftState] = useState(() => entryToDraft(initial, timeZone));
  const [saveState, setSaveState] = useState<AutosaveState>(initialAutosave);
  const [offer, setOffer] = useState<LocalCopy | null>(null);
  /** The owner's own text, kept to copy from after loading someone else's version. */
  const [kept, setKept] = useState<Draft | null>(null);
  const draftRef = useRef(draft);
  const versionRef = useRef(initial.version);
  const saver = useRef<Autosaver | null>(null);

  /** Saves sent since the last answer that got none: the server may hold one of them. */
  const unanswered = useRef<SavePayload[]>([]);

  const save = useCallback(async (): Promise<SaveOutcome> => {
    const sent = draftRef.current;
    const local = validateDraft(initial.type, sent, timeZone);
    if (Object.keys(local).length) return { kind: "invalid", message: fixFields, fields: local };
    const payload: SavePayload = {
      slug: sent.slug,
      body: sent.body,
      ...draftToFields(initial.type, sent, timeZone),
    };
    const send = () => contentApi.save(initial.id, { version: versionRef.current, ...payload });
    let result = await send();
    if (!result.ok && result.status === 409 && unanswered.current.length) {
      // Stale only because our own earlier save landed and its answer was lost (the server
      // went down mid-save): that version is ours, so this save goes on from it.
      const lost = unanswered.current;
      unanswered.current = [];
      const current = await contentApi.read(initial.id);
      if (current.ok && isOwnUnansweredSave(current.data.entry, versionRef.current, lost)) {
        versionRef.current = current.data.entry.version;
        result = await send();
      }
    }
    if (result.ok) {
      unanswered.current = [];
      versionRef.current = result.data.entry.version;
      setEntry(result.data.entry);
      // Cleared only when the server holds exactly what is on screen.
      if (sameDraft(draftRef.current, sent)) clearLocalCopy(initial.id);
      return { kind: "saved" };
    }
    if (result.status === 409 && result.current) {
      unanswered.current = [];
      return { kind: "conflict", current: result.current, message: failureText(result) };
    }
    if (result.status === 0 || result.status === 429 || result.status >= 500) {
      unanswered.current.push(payload);
      return { kind: "retry" };
    }
    return { kind: "invalid", message: failureText(result), fields: result.fields ?? {} };
  }, [initial.id, initial.type, timeZone]);

  useEffect(() => {
    const autosaver = new Autosaver(save, setSaveState);
    saver.current = autosaver;
    return () => autosaver.dispose();
  }, [save]);

  // A copy newer than the server's text is offered once, on opening.
  useEffect(() => {
    setOffer(
      copyToOffer(readLocalCopy(initial.id), {
        draft: entryToDraft(initial, timeZone),
        version: initial.version,
        updatedAt: initial.updatedAt,
      }),
    );
  }, [initial, timeZone]);

  const unsaved = saveState.status !== "saved";
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);

  const setDraft = useCallback(
    (next: Draft) => {
      draftRef.current = next;
      setDraftState(next);
      writeLocalCopy(initial.id, {
        draft: next,
        baseVersion: versionRef.current,
        writtenAt: Date.now(),
      });
      saver.current?.changed();
    },
    [initial.id],
  );

  /** An entry the server changed by itself (published, restored): its text replaces ours. */
  const adopt = useCallback(
    (next: Entry) => {
      versionRef.current = next.version;
      unanswered.current = [];
      setEntry(next);
      const fresh = entryToDraft(next, timeZone);
      draftRef.current = fresh;
      setDraftState(fresh);
      clearLocalCopy(initial.id);
      saver.current?.reset();
    },
    [initial.id, timeZone],
  );

  return {
    entry,
    draft,
    saveState,
    offer,
    kept,
    setDraft,
    adopt,
    /** Publishing state changes (status, url) without touching the text being typed. */
    setEntryMeta: (next: Entry) => {
      versionRef.current = next.version;
      setEntry(next);
    },
    restoreOffer() {
      if (offer) setDraft(offer.draft);
      setOffer(null);
    },
    discardOffer() {
      clearLocalCopy(initial.id);
      setOffer(null);
    },
    async loadTheirs() {
      const result = await contentApi.read(initial.id);
      if (!result.ok) return failureText(result);
      setKept(draftRef.current);
      adopt(result.data.entry);
      return null;
    },
    overwrite() {
      const current = saveState.conflict;
      if (current) versionRef.current = current.version;
      saver.current?.resume();
    },
    dismissKept: () => setKept(null),
  };
}

import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { ContentType } from "../../../domain/content-entry.ts";
import { FormStatus } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { contentApi, failureText } from "./content-api.ts";
import { typeLabels } from "./content-fields.ts";
import { EntryEditorForm } from "./entry-editor-form.tsx";
import { type Draft, draftToFields, emptyDraft, validateDraft } from "./entry-form.ts";
import { clearLocalCopy, readLocalCopy, writeLocalCopy } from "./local-copy.ts";

/**
 * A new entry, before it exists on the server: nothing to autosave to yet, so the text is
 * kept in this browser (under "new-<type>") until "Create draft" makes it an entry, whose
 * editor then autosaves.
 */
export function NewEntry({ type, timeZone }: { type: ContentType; timeZone: string }) {
  const id = useId();
  const key = `new-${type}`;
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(() => readLocalCopy(key)?.draft ?? emptyDraft(type));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: "error"; text: string } | null>(null);
  const touched = useRef(false);

  useEffect(() => {
    if (!touched.current) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  });

  async function create() {
    const local = validateDraft(type, draft, timeZone);
    setErrors(local);
    if (Object.keys(local).length) {
      setMessage({ kind: "error", text: "Fix the marked fields to create the draft." });
      return;
    }
    setBusy(true);
    const result = await contentApi.create({
      type,
      slug: draft.slug,
      body: draft.body,
      ...draftToFields(type, draft, timeZone),
    });
    setBusy(false);
    if (!result.ok) {
      setErrors(result.fields ?? {});
      setMessage({ kind: "error", text: failureText(result) });
      return;
    }
    clearLocalCopy(key);
    touched.current = false;
    navigate(`/admin/content/${encodeURIComponent(result.data.entry.id)}`, { replace: true });
  }

  return (
    <form
      aria-describedby={`${id}-status`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void create();
      }}
      className="max-w-4xl"
    >
      <EntryEditorForm
        type={type}
        draft={draft}
        errors={errors}
        idPrefix={id}
        timeZone={timeZone}
        onChange={(next) => {
          touched.current = true;
          setDraft(next);
          writeLocalCopy(key, { draft: next, baseVersion: 0, writtenAt: Date.now() });
        }}
      />
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button type="submit" disabled={busy} className={buttonClass("primary", "sm")}>
          {busy ? "Creating…" : `Create ${typeLabels[type].singular.toLowerCase()} draft`}
        </button>
        <FormStatus id={`${id}-status`} message={message} />
      </div>
    </form>
  );
}

import { useId, useState } from "react";
import * as z from "zod/mini";
import {
  conversationLimits,
  conversationTexts,
  type MessageTemplate,
  placeholderProblem,
  templateBody,
} from "../../../domain/conversation.ts";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { ConfirmDialog } from "../../components/admin/confirm-dialog.tsx";
import { compactFieldClass, FormStatus } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { authDelete, authPost } from "../../session/api.ts";
import { MessageFields } from "./message-fields.tsx";
import { forgetTemplates } from "./use-templates.ts";

const empty: { name: string; subject: string; text: string } = {
  name: "",
  subject: conversationTexts.defaultSubject,
  text: "",
};

/**
 * "Reply templates" on the Settings screen: the owner's starting points for a message, with
 * the placeholders the composer fills in. Checked with the API's own rules before saving.
 */
export function TemplatesSettings({ initial }: { initial: MessageTemplate[] }) {
  const id = useId();
  const [templates, setTemplates] = useState(initial);
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState(empty);
  const [deleting, setDeleting] = useState<MessageTemplate | null>(null);
  const [status, setStatus] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  function edit(template: MessageTemplate | null) {
    setEditing(template?.ID ?? null);
    setDraft(
      template ? { name: template.name, subject: template.subject, text: template.text } : empty,
    );
    setStatus(null);
    document.getElementById(`${id}-name`)?.focus();
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const checked = z.safeParse(templateBody, draft);
    const problem = checked.success
      ? (placeholderProblem(checked.data.subject) ?? placeholderProblem(checked.data.text))
      : (checked.error.issues[0]?.message ?? leadTexts.failed);
    if (problem || !checked.success)
      return setStatus({ kind: "error", text: problem ?? leadTexts.failed });
    setBusy(true);
    const result = editing
      ? await authPost(endpoints.updateTemplate, checked.data, { params: { id: editing } })
      : await authPost(endpoints.createTemplate, checked.data);
    setBusy(false);
    if (!result.ok) return setStatus({ kind: "error", text: result.error ?? leadTexts.failed });
    const saved = result.data;
    setTemplates((all) =>
      (editing ? all.map((t) => (t.ID === saved.ID ? saved : t)) : [...all, saved]).sort((a, b) =>
        a.name.localeCompare(b.name),
      ),
    );
    forgetTemplates();
    setEditing(null);
    setDraft(empty);
    setStatus({
      kind: "success",
      text: `${conversationTexts.templateSaved} “${saved.name}” is ready to use.`,
    });
  }

  async function remove(template: MessageTemplate) {
    setBusy(true);
    const result = await authDelete(endpoints.deleteTemplate, { params: { id: template.ID } });
    setBusy(false);
    setDeleting(null);
    if (!result.ok && result.status !== 404)
      return setStatus({ kind: "error", text: result.error ?? leadTexts.failed });
    setTemplates((all) => all.filter((t) => t.ID !== template.ID));
    forgetTemplates();
    if (editing === template.ID) edit(null);
    setStatus({ kind: "success", text: `“${template.name}” deleted.` });
  }

  return (
    <div className="mt-2 grid gap-3 min-[1024px]:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
      <div>
        {templates.length === 0 ? (
          <p className="text-muted">No templates yet. The first one you save shows here.</p>
        ) : (
          <ul className="grid gap-1">
            {templates.map((template) => (
              <li key={template.ID} className="rounded-sm border border-line bg-white/70 p-1.5">
                <p className="font-semibold break-words">{template.name}</p>
                <p className="text-sm text-muted break-words">{template.subject}</p>
                <p className="mt-0.5 line-clamp-2 text-sm break-words">{template.text}</p>
                <div className="mt-1 flex flex-wrap gap-1">
                  <button
                    type="button"
                    onClick={() => edit(template)}
                    className={buttonClass("secondary", "sm")}
                  >
                    Edit<span className="sr-only"> {template.name}</span>
                  </button>
                  <button
                    type="button"
                    onClick={() => setDeleting(template)}
                    className={buttonClass("secondary", "sm")}
                  >
                    Delete<span className="sr-only"> {template.name}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <form
        onSubmit={save}
        aria-labelledby={`${id}-title`}
        className="grid gap-1 rounded-sm border border-line bg-paper-dim/60 p-1.5"
      >
        <h3 id={`${id}-title`} className="font-semibold">
          {editing ? "Edit template" : "New template"}
        </h3>
        <div>
          <label htmlFor={`${id}-name`} className="text-sm font-semibold">
            Name
          </label>
          <input
            id={`${id}-name`}
            value={draft.name}
            maxLength={conversationLimits.templateName}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            className={compactFieldClass}
          />
        </div>
        <MessageFields
          id={id}
          subject={draft.subject}
          text={draft.text}
          onSubject={(subject) => setDraft({ ...draft, subject })}
          onText={(text) => setDraft({ ...draft, text })}
          rows={7}
          describedBy={`${id}-status`}
        />
        <div className="flex flex-wrap gap-1">
          <button type="submit" disabled={busy} className={buttonClass("primary", "sm")}>
            {busy ? "Saving…" : "Save template"}
          </button>
          {editing ? (
            <button
              type="button"
              onClick={() => edit(null)}
              className={buttonClass("secondary", "sm")}
            >
              Cancel editing
            </button>
          ) : null}
        </div>
        <FormStatus id={`${id}-status`} message={status} />
      </form>
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete “${deleting.name}”?` : ""}
        text="Messages already sent from it are kept. You can write it again any time."
        keepLabel="Keep it"
        confirmLabel={busy ? "Deleting…" : "Delete template"}
        danger
        busy={busy}
        onConfirm={() => deleting && remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

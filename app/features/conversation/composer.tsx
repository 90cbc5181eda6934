import { useEffect, useId, useState } from "react";
import {
  fillPlaceholders,
  type LeadMessage,
  placeholderProblem,
} from "../../../domain/conversation.ts";
import { endpoints } from "../../../domain/endpoints.ts";
import type { LeadRecord } from "../../../domain/lead-record.ts";
import { compactFieldClass } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { authPost } from "../../session/api.ts";
import { MessageFields } from "./message-fields.tsx";
import { useTemplates } from "./use-templates.ts";

/**
 * Writing to the visitor: a subject (prefilled as a reply), the message, a template to start
 * from, a preview with the placeholders filled in, and Send. Placeholders are checked here as
 * the server checks them, so a mistake is said before anything is sent.
 */
export function Composer({
  lead,
  subject: initialSubject,
  onSent,
}: {
  lead: LeadRecord;
  subject: string;
  onSent: (message: LeadMessage, lead: LeadRecord | undefined) => void;
}) {
  const id = useId();
  const templates = useTemplates();
  const [subject, setSubject] = useState(initialSubject);
  const [subjectEdited, setSubjectEdited] = useState(false);
  // A reply that came in while writing: answer it, unless the owner chose a subject himself.
  useEffect(() => {
    if (!subjectEdited) setSubject(initialSubject);
  }, [initialSubject, subjectEdited]);
  const [text, setText] = useState("");
  const [preview, setPreview] = useState(false);
  const [state, setState] = useState<{ busy: boolean; error: string | null; done: string | null }>({
    busy: false,
    error: null,
    done: null,
  });
  const values = {
    firstName: lead.FirstName,
    lastName: lead.LastName,
    bookingLink: `${typeof window === "undefined" ? "" : window.location.origin}/book#pass=…`,
  };

  async function send(event: React.FormEvent) {
    event.preventDefault();
    const problem = !text.trim()
      ? "Write a message."
      : (placeholderProblem(subject) ?? placeholderProblem(text));
    if (problem) return setState({ busy: false, error: problem, done: null });
    setState({ busy: true, error: null, done: null });
    const result = await authPost(
      endpoints.sendLeadMessage,
      { subject, text },
      { params: { id: lead.ID } },
    );
    if (!result.ok)
      return setState({ busy: false, error: result.error ?? "It could not be sent.", done: null });
    const { lead: after, ...message } = result.data;
    setText("");
    setPreview(false);
    setState({ busy: false, error: null, done: `Sending your message to ${lead.Email}.` });
    onSent(message, after);
  }

  return (
    <form onSubmit={send} aria-labelledby={`${id}-title`} className="mt-2 grid gap-1">
      <h4 id={`${id}-title`} className="font-semibold">
        Write to {lead.FirstName}
      </h4>
      {templates.length ? (
        <div>
          <label htmlFor={`${id}-template`} className="text-sm font-semibold">
            Start from a template
          </label>
          <select
            id={`${id}-template`}
            value=""
            onChange={(event) => {
              const template = templates.find((t) => t.ID === event.target.value);
              if (!template) return;
              setSubject(template.subject);
              setSubjectEdited(true);
              setText(template.text);
            }}
            className={compactFieldClass}
          >
            <option value="">Choose a template…</option>
            {templates.map((template) => (
              <option key={template.ID} value={template.ID}>
                {template.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <MessageFields
        id={id}
        subject={subject}
        text={text}
        onSubject={(value) => {
          setSubject(value);
          setSubjectEdited(true);
        }}
        onText={setText}
        rows={5}
        describedBy={`${id}-status`}
      />
      {preview ? (
        <section
          aria-label="Preview"
          className="rounded-sm border border-dashed border-line bg-white p-1.5"
        >
          <p className="text-sm font-semibold wrap-anywhere">{fillPlaceholders(subject, values)}</p>
          <p className="mt-0.5 whitespace-pre-wrap wrap-anywhere">
            {fillPlaceholders(text, values)}
          </p>
        </section>
      ) : null}
      <div className="flex flex-wrap items-center gap-1">
        <button type="submit" disabled={state.busy} className={buttonClass("primary", "sm")}>
          {state.busy ? "Sending…" : "Send"}
        </button>
        <button
          type="button"
          aria-pressed={preview}
          onClick={() => setPreview(!preview)}
          className={buttonClass("secondary", "sm")}
        >
          Preview
        </button>
      </div>
      <div id={`${id}-status`} aria-live="polite" className="text-sm font-semibold">
        {state.error ? <p className="text-error">{state.error}</p> : null}
        {state.done ? <p className="text-success">{state.done}</p> : null}
      </div>
    </form>
  );
}

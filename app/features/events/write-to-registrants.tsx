import { useId, useRef, useState } from "react";
import * as z from "zod/mini";
import { conversationLimits } from "../../../domain/conversation.ts";
import { endpoints } from "../../../domain/endpoints.ts";
import { peopleText } from "../../../domain/event-texts.ts";
import { type EventSummary, registrantsMessage } from "../../../domain/events.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { ConfirmDialog } from "../../components/admin/confirm-dialog.tsx";
import { compactFieldClass } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { authPost } from "../../session/api.ts";

type Field = "subject" | "message";

/**
 * The owner writes to everyone registered for an event (docs/events.md, "The owner's view"):
 * a subject and a message, checked as the server checks them, then asked once, naming how many
 * people get it. What happened is said in the form's live region.
 */
export function WriteToRegistrants({ event }: { event: EventSummary }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({ subject: "", message: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [asking, setAsking] = useState(false);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  const [said, setSaid] = useState<{ text: string; error: boolean } | null>(null);
  const fields = {
    subject: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  };
  const people = peopleText(event.registrations);

  function check(event: React.FormEvent) {
    event.preventDefault();
    setSaid(null);
    const parsed = z.safeParse(registrantsMessage, values);
    if (parsed.success) {
      setErrors({});
      setState({ busy: false, error: null });
      setAsking(true);
      return;
    }
    const found: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      found[field] ??= issue.message;
    }
    setErrors(found);
    const first = found.subject ? "subject" : "message";
    fields[first].current?.focus();
  }

  async function send() {
    setState({ busy: true, error: null });
    const result = await authPost(endpoints.messageRegistrants, values, {
      params: { slug: event.slug },
    });
    if (!result.ok) {
      setState({ busy: false, error: result.error ?? leadTexts.failed });
      return;
    }
    setState({ busy: false, error: null });
    setAsking(false);
    setValues({ subject: "", message: "" });
    setSaid({ text: result.data.message, error: false });
  }

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    value: values[name],
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setValues((was) => ({ ...was, [name]: e.target.value }));
      // Said once, at the field; what is typed next is checked again on Send.
      setErrors((was) => ({ ...was, [name]: undefined }));
    },
  });
  const fieldError = (name: Field) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="mt-0.5 text-sm font-semibold text-error">
        {errors[name]}
      </p>
    ) : null;

  return (
    <div className="mt-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-form`}
        onClick={() => setOpen((was) => !was)}
        className={buttonClass("secondary", "sm")}
      >
        Write to everyone registered…
      </button>
      {open ? (
        <form
          id={`${id}-form`}
          noValidate
          onSubmit={check}
          aria-label={`Write to everyone registered for ${event.title}`}
          className="mt-1.5 grid max-w-2xl gap-1"
        >
          <p className="text-sm text-muted">
            One email to each of the {people} registered, from your address; each shows in that
            person's conversation in Leads, and replies come back there.
          </p>
          <div>
            <label htmlFor={`${id}-subject`} className="text-sm font-semibold">
              Subject
            </label>
            <input
              ref={fields.subject}
              maxLength={conversationLimits.subject}
              className={compactFieldClass}
              {...field("subject")}
            />
            {fieldError("subject")}
          </div>
          <div>
            <label htmlFor={`${id}-message`} className="text-sm font-semibold">
              Message
            </label>
            <textarea
              ref={fields.message}
              rows={6}
              maxLength={conversationLimits.text}
              className={`${compactFieldClass} min-h-8 resize-y`}
              {...field("message")}
            />
            {fieldError("message")}
          </div>
          <div>
            <button type="submit" className={buttonClass("primary", "sm")}>
              Send to {people}…
            </button>
          </div>
        </form>
      ) : null}
      <div aria-live="polite" aria-atomic="true" className="mt-1 text-sm font-semibold">
        {said ? <p className={said.error ? "text-error" : "text-success"}>{said.text}</p> : null}
      </div>
      <ConfirmDialog
        open={asking}
        title={`Send this to ${people}?`}
        text={`Each of the ${people} registered for ${event.title} gets “${values.subject.trim()}” by email. It can't be taken back once sent.`}
        keepLabel="Not yet"
        confirmLabel={state.busy ? "Sending…" : `Send to ${people}`}
        busy={state.busy}
        error={state.error}
        onConfirm={() => void send()}
        onClose={() => setAsking(false)}
      />
    </div>
  );
}

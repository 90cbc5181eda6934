import { conversationLimits, placeholders } from "../../../domain/conversation.ts";
import { compactFieldClass } from "../../components/form-fields.tsx";

/**
 * A message's Subject and Message fields with the placeholders it may use, as the composer and
 * the template form both ask for them. `describedBy` adds the form's own live status.
 */
export function MessageFields({
  id,
  subject,
  text,
  onSubject,
  onText,
  rows,
  describedBy,
}: {
  id: string;
  subject: string;
  text: string;
  onSubject: (subject: string) => void;
  onText: (text: string) => void;
  rows: number;
  describedBy?: string;
}) {
  return (
    <>
      <div>
        <label htmlFor={`${id}-subject`} className="text-sm font-semibold">
          Subject
        </label>
        <input
          id={`${id}-subject`}
          value={subject}
          maxLength={conversationLimits.subject}
          onChange={(event) => onSubject(event.target.value)}
          className={compactFieldClass}
          required
        />
      </div>
      <div>
        <label htmlFor={`${id}-text`} className="text-sm font-semibold">
          Message
        </label>
        <textarea
          id={`${id}-text`}
          value={text}
          rows={rows}
          maxLength={conversationLimits.text}
          onChange={(event) => onText(event.target.value)}
          aria-describedby={[`${id}-help`, describedBy].filter(Boolean).join(" ")}
          className={`${compactFieldClass} min-h-8 resize-y`}
        />
        <ul id={`${id}-help`} className="mt-0.5 text-sm text-muted">
          {Object.entries(placeholders).map(([name, meaning]) => (
            <li key={name}>
              <code className="font-semibold text-ink">{`{{${name}}}`}</code>: {meaning}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

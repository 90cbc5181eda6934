import type { ContentType } from "../../../domain/content-entry.ts";
import { compactFieldClass } from "../../components/form-fields.tsx";
import { EntryFields, FieldMessage, fieldError } from "./entry-fields.tsx";
import type { Draft } from "./entry-form.ts";
import { MarkdownEditor } from "./markdown-editor.tsx";

/** The slug, the type's fields and the Markdown body: the same form for a new entry and an old. */
export function EntryEditorForm({
  type,
  draft,
  errors,
  idPrefix,
  timeZone,
  onChange,
  bodyKey,
}: {
  type: ContentType;
  draft: Draft;
  errors: Record<string, string>;
  idPrefix: string;
  timeZone: string;
  onChange: (draft: Draft) => void;
  /** Changes when the body is replaced from outside (a restore), to re-mount the editor. */
  bodyKey?: string | number;
}) {
  const slug = fieldError(idPrefix, "slug", errors);
  const body = fieldError(idPrefix, "body", errors);
  return (
    <div className="grid gap-2">
      <div>
        <label htmlFor={`${idPrefix}-slug`} className="font-semibold">
          Slug
        </label>
        <input
          id={`${idPrefix}-slug`}
          value={draft.slug}
          onChange={(event) => onChange({ ...draft, slug: event.target.value })}
          spellCheck={false}
          className={`${compactFieldClass} font-mono`}
          {...slug.aria}
        />
        <FieldMessage
          id={slug.errorId}
          message={slug.message}
          hint="Its address: lowercase words joined by hyphens."
        />
      </div>
      <EntryFields
        type={type}
        values={draft.values}
        errors={errors}
        idPrefix={idPrefix}
        timeZone={timeZone}
        onChange={(name, value) =>
          onChange({ ...draft, values: { ...draft.values, [name]: value } })
        }
      />
      <div>
        <span id={`${idPrefix}-body-label`} className="font-semibold">
          Body
        </span>
        <MarkdownEditor
          key={bodyKey}
          id={`${idPrefix}-body`}
          labelId={`${idPrefix}-body-label`}
          value={draft.body}
          onChange={(text) => onChange({ ...draft, body: text })}
          describedBy={body.message ? body.errorId : undefined}
          invalid={Boolean(body.message)}
        />
        <FieldMessage id={body.errorId} message={body.message} />
      </div>
    </div>
  );
}

import type { ContentType } from "../../../domain/content-entry.ts";
import { compactFieldClass } from "../../components/form-fields.tsx";
import { type FieldSpec, fieldsByType } from "./content-fields.ts";
import type { FormValues } from "./entry-form.ts";

/** A field's message, and the attributes that bind it to its input for assistive technology. */
export function fieldError(idPrefix: string, name: string, errors: Record<string, string>) {
  const message = errors[name];
  const errorId = `${idPrefix}-${name.replace(/\./g, "-")}-error`;
  return {
    message,
    errorId,
    aria: message ? { "aria-invalid": true as const, "aria-describedby": errorId } : {},
  };
}

export function FieldMessage({
  id,
  message,
  hint,
}: {
  id: string;
  message?: string;
  hint?: string;
}) {
  return (
    <>
      {hint ? <p className="mt-0.25 text-sm text-muted">{hint}</p> : null}
      {message ? (
        <p id={id} className="mt-0.25 text-sm font-semibold text-error">
          {message}
        </p>
      ) : null}
    </>
  );
}

function Control({
  spec,
  id,
  value,
  onChange,
  aria,
  timeZone,
}: {
  spec: FieldSpec;
  id: string;
  value: string | boolean;
  onChange: (value: string | boolean) => void;
  aria: Record<string, unknown>;
  timeZone: string;
}) {
  const text = typeof value === "string" ? value : "";
  switch (spec.kind) {
    case "checkbox":
      return (
        <input
          id={id}
          type="checkbox"
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
          className="size-2"
          {...aria}
        />
      );
    case "select":
      return (
        <select
          id={id}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          className={compactFieldClass}
          {...aria}
        >
          {spec.options?.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
    case "textarea":
    case "lines":
      return (
        <textarea
          id={id}
          value={text}
          rows={spec.kind === "lines" ? 4 : 3}
          onChange={(e) => onChange(e.target.value)}
          className={compactFieldClass}
          {...aria}
        />
      );
    case "datetime":
      return (
        <div className="flex items-center gap-1">
          <input
            id={id}
            type="datetime-local"
            value={text}
            onChange={(e) => onChange(e.target.value)}
            className={compactFieldClass}
            {...aria}
          />
          {/* The zone is said, not assumed: the owner may be travelling. */}
          <span className="mt-0.5 shrink-0 text-sm text-muted">{timeZone}</span>
        </div>
      );
    default:
      return (
        <input
          id={id}
          type={spec.kind === "date" ? "date" : spec.kind === "number" ? "number" : "text"}
          inputMode={spec.kind === "number" ? "numeric" : undefined}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          className={compactFieldClass}
          {...aria}
        />
      );
  }
}

/** The type's fields, generated from content-fields.ts, each with its hint and message. */
export function EntryFields({
  type,
  values,
  errors,
  idPrefix,
  timeZone,
  onChange,
}: {
  type: ContentType;
  values: FormValues;
  errors: Record<string, string>;
  idPrefix: string;
  timeZone: string;
  onChange: (name: string, value: string | boolean) => void;
}) {
  return (
    <div className="grid gap-2">
      {fieldsByType[type].map((spec) => {
        const id = `${idPrefix}-${spec.name.replace(/\./g, "-")}`;
        const { message, errorId, aria } = fieldError(idPrefix, spec.name, errors);
        const control = (
          <Control
            spec={spec}
            id={id}
            value={values[spec.name] ?? ""}
            onChange={(v) => onChange(spec.name, v)}
            aria={aria}
            timeZone={timeZone}
          />
        );
        return (
          <div key={spec.name}>
            {spec.kind === "checkbox" ? (
              <div className="flex items-center gap-1">
                {control}
                <label htmlFor={id} className="font-semibold">
                  {spec.label}
                </label>
              </div>
            ) : (
              <>
                <label htmlFor={id} className="font-semibold">
                  {spec.label}
                  {spec.optional ? (
                    <span className="font-normal text-muted"> (optional)</span>
                  ) : null}
                </label>
                {control}
              </>
            )}
            <FieldMessage id={errorId} message={message} hint={spec.hint} />
          </div>
        );
      })}
    </div>
  );
}

import { useId, useState } from "react";
import { formatDateTime } from "../../components/admin/format.ts";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
import { compactFieldClass, FormStatus } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import {
  type Conflict,
  contentApi,
  failureText,
  personName,
  type SiteSettings,
} from "./content-api.ts";

const textFields = [
  ["studioName", "Studio name"],
  ["tagline", "Tagline"],
  ["homeHeadline", "Home page headline"],
  ["homeSubline", "Home page subline"],
  ["streetAddress", "Street address"],
  ["locality", "City"],
  ["region", "State or region"],
  ["postalCode", "Postal code"],
  ["country", "Country"],
  ["phone", "Phone"],
  ["email", "Email"],
] as const;

const inputTypes: Partial<Record<(typeof textFields)[number][0], string>> = {
  phone: "tel",
  email: "email",
};

/** A field the server leaves out reads as empty, so every input stays controlled. */
function withDefaults(settings: Partial<SiteSettings>): SiteSettings {
  const text = Object.fromEntries(textFields.map(([key]) => [key, settings[key] ?? ""]));
  return {
    ...(text as Pick<SiteSettings, (typeof textFields)[number][0]>),
    socialLinks: settings.socialLinks ?? [],
    showSampleTestimonials: settings.showSampleTestimonials ?? false,
  };
}

/**
 * The site's own settings (name, address, links, the home page's words), saved as one
 * document with a version: a save over someone else's newer one is refused (409) and the
 * owner chooses, as in the entry editor.
 */
export function SiteSettingsForm({
  initial,
}: {
  initial: { settings: SiteSettings; version: number };
}) {
  const clock = useOwnerClock();
  const id = useId();
  const [settings, setSettings] = useState(() => withDefaults(initial.settings));
  const [version, setVersion] = useState(initial.version);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [conflict, setConflict] = useState<(Conflict & { message: string }) | null>(null);

  const set = <K extends keyof SiteSettings>(key: K, value: SiteSettings[K]) =>
    setSettings((was) => ({ ...was, [key]: value }));
  const setLink = (index: number, part: "label" | "url", value: string) =>
    set(
      "socialLinks",
      settings.socialLinks.map((link, i) => (i === index ? { ...link, [part]: value } : link)),
    );

  async function save(atVersion: number) {
    setBusy(true);
    setMessage(null);
    const result = await contentApi.saveSiteSettings(settings, atVersion);
    setBusy(false);
    if (result.ok) {
      setVersion(result.data.version);
      setConflict(null);
      setMessage({
        kind: "success",
        text: "Saved. Every page is being updated with it; that takes a few seconds.",
      });
    } else if (result.status === 409 && result.current) {
      setConflict({ ...result.current, message: failureText(result) });
    } else {
      setMessage({ kind: "error", text: failureText(result) });
    }
  }

  async function loadTheirs() {
    const result = await contentApi.siteSettings();
    if (!result.ok) return setMessage({ kind: "error", text: failureText(result) });
    setSettings(withDefaults(result.data.settings));
    setVersion(result.data.version);
    setConflict(null);
  }

  return (
    <form
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-status`}
      onSubmit={(event) => {
        event.preventDefault();
        void save(version);
      }}
      className="mt-2 max-w-4xl"
    >
      <h2 id={`${id}-title`} className="sr-only">
        Site settings
      </h2>
      <div className="grid gap-2 sm:grid-cols-2">
        {textFields.map(([key, label]) => (
          <div
            key={key}
            className={key === "homeSubline" || key === "tagline" ? "sm:col-span-2" : ""}
          >
            <label htmlFor={`${id}-${key}`} className="text-sm font-semibold">
              {label}
            </label>
            <input
              id={`${id}-${key}`}
              type={inputTypes[key] ?? "text"}
              value={settings[key]}
              onChange={(event) => set(key, event.target.value)}
              className={compactFieldClass}
            />
          </div>
        ))}
      </div>
      <label className="mt-2 flex items-center gap-1 font-semibold">
        <input
          type="checkbox"
          checked={settings.showSampleTestimonials}
          onChange={(event) => set("showSampleTestimonials", event.target.checked)}
          className="size-2"
        />
        Show sample testimonials until real ones are in
      </label>
      <fieldset className="mt-3">
        <legend className="font-semibold">Social links</legend>
        <ul className="mt-1 grid gap-1">
          {settings.socialLinks.map((link, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
            <li key={index} className="grid items-end gap-1 sm:grid-cols-[12rem_1fr_auto]">
              <div>
                <label htmlFor={`${id}-link-${index}-label`} className="text-sm font-semibold">
                  Label {index + 1}
                </label>
                <input
                  id={`${id}-link-${index}-label`}
                  value={link.label}
                  onChange={(event) => setLink(index, "label", event.target.value)}
                  className={compactFieldClass}
                />
              </div>
              <div>
                <label htmlFor={`${id}-link-${index}-url`} className="text-sm font-semibold">
                  Address {index + 1}
                </label>
                <input
                  id={`${id}-link-${index}-url`}
                  type="url"
                  value={link.url}
                  onChange={(event) => setLink(index, "url", event.target.value)}
                  className={compactFieldClass}
                />
              </div>
              <button
                type="button"
                onClick={() =>
                  set(
                    "socialLinks",
                    settings.socialLinks.filter((_, i) => i !== index),
                  )
                }
                className={buttonClass("secondary", "sm")}
              >
                Remove<span className="sr-only"> link {index + 1}</span>
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          onClick={() => set("socialLinks", [...settings.socialLinks, { label: "", url: "" }])}
          className={`${buttonClass("secondary", "sm")} mt-1`}
        >
          Add a link
        </button>
      </fieldset>
      <div role="alert">
        {conflict ? (
          <div className="mt-2 rounded-sm border border-error/40 bg-error-bg p-2 text-error-strong">
            <p className="font-semibold">
              {personName(conflict.updatedBy, "Someone")} changed the settings at{" "}
              {formatDateTime(conflict.updatedAt, clock.timeZone)}. {conflict.message}
            </p>
            <div className="mt-1 flex flex-wrap gap-1">
              <button
                type="button"
                onClick={() => void loadTheirs()}
                className={buttonClass("secondary", "sm")}
              >
                Load their version
              </button>
              <button
                type="button"
                onClick={() => void save(conflict.version)}
                className={buttonClass("primary", "sm")}
              >
                Overwrite with mine
              </button>
            </div>
          </div>
        ) : null}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button type="submit" disabled={busy} className={buttonClass("primary", "sm")}>
          {busy ? "Saving…" : "Save settings"}
        </button>
        <FormStatus id={`${id}-status`} message={message} />
      </div>
    </form>
  );
}

import { useId, useState } from "react";
import { todayIn } from "../../../domain/dates.ts";
import { cancelWarningText } from "../../../domain/event-texts.ts";
import { ConfirmDialog } from "../../components/admin/confirm-dialog.tsx";
import { formatDateTime } from "../../components/admin/format.ts";
import { buttonClass } from "../../components/layout.tsx";
import { registrantsToTell } from "../events/registrants-to-tell.ts";
import { contentApi, type Entry, failureText } from "./content-api.ts";
import { zonedInputToIso } from "./entry-form.ts";
import { StatusChip } from "./status-chip.tsx";

/**
 * Publish now, schedule for a time on the owner's clock, or take down. What happened is said
 * in the live region, with a link to the live page.
 */
export function PublishControls({
  entry,
  timeZone,
  disabled,
  onChanged,
}: {
  entry: Entry;
  timeZone: string;
  /** Unsaved or refused text: publishing now would publish the server's older copy. */
  disabled: string | null;
  onChanged: (entry: Entry) => void;
}) {
  const id = useId();
  const [scheduling, setScheduling] = useState(false);
  const [day, setDay] = useState(() => todayIn(timeZone));
  const [time, setTime] = useState("09:00");
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ text: string; url?: string; error?: boolean } | null>(null);
  // An upcoming event with registrations is canceled by unpublishing it: asked first, naming
  // how many people will be told (docs/decisions/034).
  const [warning, setWarning] = useState<string | null>(null);

  async function askToUnpublish() {
    if (entry.type !== "event" || !entry.url) return unpublish();
    setBusy(true);
    setSaid(null);
    const registered = await registrantsToTell(entry.url);
    setBusy(false);
    if (registered === 0) return unpublish();
    setWarning(cancelWarningText(registered));
  }

  async function publish(at?: string) {
    setBusy(true);
    setSaid(null);
    const result = await contentApi.publish(entry.id, at);
    setBusy(false);
    if (!result.ok) return setSaid({ text: failureText(result), error: true });
    onChanged(result.data.entry);
    setScheduling(false);
    setSaid(
      at && Date.parse(at) > Date.now()
        ? { text: `Scheduled for ${formatDateTime(at, timeZone)}.` }
        : { text: "Live at", url: result.data.url },
    );
  }

  async function unpublish() {
    setBusy(true);
    setSaid(null);
    const result = await contentApi.unpublish(entry.id);
    setBusy(false);
    setWarning(null);
    if (!result.ok) return setSaid({ text: failureText(result), error: true });
    onChanged(result.data.entry);
    setSaid({ text: "Taken down. It is a draft again." });
  }

  const at = zonedInputToIso(`${day}T${time}`, timeZone);
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-sm border border-line p-2">
      <div className="flex flex-wrap items-center justify-between gap-1">
        <h2 id={`${id}-title`} className="font-bold">
          Publishing
        </h2>
        <StatusChip entry={entry} timeZone={timeZone} />
      </div>
      {disabled ? <p className="mt-1 text-sm text-muted">{disabled}</p> : null}
      <div className="mt-1.5 flex flex-wrap gap-1">
        <button
          type="button"
          disabled={busy || Boolean(disabled)}
          onClick={() => void publish()}
          className={buttonClass("primary", "sm")}
        >
          Publish now
        </button>
        <button
          type="button"
          aria-expanded={scheduling}
          aria-controls={`${id}-schedule`}
          disabled={busy || Boolean(disabled)}
          onClick={() => setScheduling((was) => !was)}
          className={buttonClass("secondary", "sm")}
        >
          Schedule…
        </button>
        {entry.status !== "draft" ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => void askToUnpublish()}
            className={buttonClass("secondary", "sm")}
          >
            Unpublish
          </button>
        ) : null}
      </div>
      {scheduling ? (
        <form
          id={`${id}-schedule`}
          onSubmit={(event) => {
            event.preventDefault();
            if (at) void publish(at);
          }}
          className="mt-1.5 grid gap-1"
        >
          <div className="flex flex-wrap items-end gap-1">
            <div>
              <label htmlFor={`${id}-day`} className="text-sm font-semibold">
                Date
              </label>
              <input
                id={`${id}-day`}
                type="date"
                required
                value={day}
                onChange={(e) => setDay(e.target.value)}
                className="mt-0.5 block rounded-sm border border-ink/25 bg-paper px-1 py-0.5 max-[1023px]:min-h-[44px]"
              />
            </div>
            <div>
              <label htmlFor={`${id}-time`} className="text-sm font-semibold">
                Time
              </label>
              <input
                id={`${id}-time`}
                type="time"
                required
                value={time}
                onChange={(e) => setTime(e.target.value)}
                className="mt-0.5 block rounded-sm border border-ink/25 bg-paper px-1 py-0.5 max-[1023px]:min-h-[44px]"
              />
            </div>
          </div>
          <p className="text-sm text-muted">
            In {timeZone}
            {at ? `: ${formatDateTime(at, timeZone)}` : ""}
          </p>
          <div>
            <button type="submit" disabled={busy || !at} className={buttonClass("primary", "sm")}>
              Schedule
            </button>
          </div>
        </form>
      ) : null}
      <div aria-live="polite" className="mt-1 text-sm font-semibold">
        {said ? (
          <p className={said.error ? "text-error" : "text-success"}>
            {said.text}
            {said.url ? (
              <>
                {" "}
                <a href={said.url} className="underline underline-offset-4">
                  {said.url}
                </a>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      <ConfirmDialog
        open={warning !== null}
        title="Unpublish and cancel this event?"
        text={warning ?? ""}
        keepLabel="Keep it published"
        confirmLabel={busy ? "Unpublishing…" : "Unpublish and cancel"}
        danger
        busy={busy}
        onConfirm={() => void unpublish()}
        onClose={() => setWarning(null)}
      />
    </section>
  );
}

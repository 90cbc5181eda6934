import { useId, useState } from "react";
import * as z from "zod/mini";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import {
  createWebhookBody,
  type Webhook,
  type WebhookEvent,
  type WebhookFormat,
  webhookEventLabels,
  webhookEvents,
} from "../../../domain/webhooks.ts";
import { ConfirmDialog } from "../../components/admin/confirm-dialog.tsx";
import { compactFieldClass, FormStatus } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { authDelete, authPost } from "../../session/api.ts";
import { WebhookDeliveries } from "./webhook-deliveries.tsx";

type Status = { kind: "success" | "error"; text: string } | null;

/**
 * "Webhooks" on the Settings screen (docs/integrations.md): the owner's webhooks with their
 * state, a form to add one, its secret shown once with a Copy button, pause and resume,
 * delete (asked first), and each one's deliveries with Replay.
 */
export function WebhooksSettings({ initial, timeZone }: { initial: Webhook[]; timeZone: string }) {
  const id = useId();
  const [webhooks, setWebhooks] = useState(initial);
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>(["lead.created"]);
  const [format, setFormat] = useState<WebhookFormat>("standard");
  const [secret, setSecret] = useState<{ url: string; value: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);

  const replace = (saved: Webhook) =>
    setWebhooks((all) => all.map((hook) => (hook.id === saved.id ? saved : hook)));

  async function add(event: React.FormEvent) {
    event.preventDefault();
    const checked = z.safeParse(createWebhookBody, { url, events, format });
    if (!checked.success)
      return setStatus({
        kind: "error",
        text: checked.error.issues[0]?.message ?? leadTexts.failed,
      });
    setBusy(true);
    const result = await authPost(endpoints.createWebhook, checked.data);
    setBusy(false);
    if (!result.ok) return setStatus({ kind: "error", text: result.error ?? leadTexts.failed });
    const { secret: value, ...webhook } = result.data.webhook;
    setWebhooks((all) => [webhook, ...all]);
    setSecret({ url: webhook.url, value });
    setCopied(false);
    setUrl("");
    setStatus({ kind: "success", text: result.data.message });
  }

  async function setPaused(webhook: Webhook, paused: boolean) {
    setBusy(true);
    const result = await authPost(
      endpoints.updateWebhook,
      { paused },
      { params: { id: webhook.id } },
    );
    setBusy(false);
    if (!result.ok) return setStatus({ kind: "error", text: result.error ?? leadTexts.failed });
    replace(result.data.webhook);
    setStatus({
      kind: "success",
      text: paused ? `Paused: nothing is sent to ${webhook.url}.` : `Resumed: ${webhook.url}.`,
    });
  }

  async function remove(webhook: Webhook) {
    setBusy(true);
    const result = await authDelete(endpoints.deleteWebhook, { params: { id: webhook.id } });
    setBusy(false);
    setDeleting(null);
    if (!result.ok && result.status !== 404)
      return setStatus({ kind: "error", text: result.error ?? leadTexts.failed });
    setWebhooks((all) => all.filter((hook) => hook.id !== webhook.id));
    setStatus({ kind: "success", text: `The webhook to ${webhook.url} is deleted.` });
  }

  async function copy() {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret.value);
      setCopied(true);
    } catch {
      setStatus({ kind: "error", text: "Copying failed: select the secret and copy it." });
    }
  }

  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((all) =>
      on
        ? webhookEvents.filter((e) => e === event || all.includes(e))
        : all.filter((e) => e !== event),
    );

  return (
    <div className="mt-2 grid gap-3 min-[1024px]:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)]">
      <div className="min-w-0">
        {webhooks.length === 0 ? (
          <p className="text-muted">No webhooks yet. The first one you add shows here.</p>
        ) : (
          <ul className="grid gap-1">
            {webhooks.map((webhook) => (
              <li key={webhook.id} className="rounded-sm border border-line bg-white/70 p-1.5">
                <p className="font-semibold break-all">{webhook.url}</p>
                <p className="text-sm">
                  <span className={webhook.status === "active" ? "text-ink" : "text-error"}>
                    {webhook.status === "active" ? "Active" : "Paused"}
                  </span>
                  {webhook.pauseReason ? (
                    <span className="text-muted"> · {webhook.pauseReason}</span>
                  ) : null}
                  <span className="text-muted">
                    {" "}
                    · {webhook.format === "slack" ? "Slack message" : "Signed JSON"}
                  </span>
                </p>
                <p className="mt-0.5 text-sm text-muted break-words">
                  {webhook.events.map((event) => webhookEventLabels[event]).join(", ")}
                </p>
                <div className="mt-1 flex flex-wrap gap-1">
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => setPaused(webhook, webhook.status === "active")}
                    className={buttonClass("secondary", "sm")}
                  >
                    {webhook.status === "active" ? "Pause" : "Resume"}
                    <span className="sr-only"> {webhook.url}</span>
                  </button>
                  <button
                    type="button"
                    onClick={() => setDeleting(webhook)}
                    className={buttonClass("secondary", "sm")}
                  >
                    Delete<span className="sr-only"> {webhook.url}</span>
                  </button>
                </div>
                <WebhookDeliveries webhook={webhook} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <form
        onSubmit={add}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-status`}
        className="grid min-w-0 gap-1 rounded-sm border border-line bg-paper-dim/60 p-1.5"
      >
        <h3 id={`${id}-title`} className="font-semibold">
          New webhook
        </h3>
        <div>
          <label htmlFor={`${id}-url`} className="text-sm font-semibold">
            URL
          </label>
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            required
            placeholder="https://hooks.slack.com/services/…"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            className={compactFieldClass}
          />
        </div>
        <fieldset>
          <legend className="text-sm font-semibold">Events</legend>
          <div className="mt-0.5 grid gap-0.5 min-[480px]:grid-cols-2">
            {webhookEvents.map((event) => (
              <label key={event} className="flex min-h-[44px] items-center gap-0.5 text-sm">
                <input
                  type="checkbox"
                  checked={events.includes(event)}
                  onChange={(change) => toggle(event, change.target.checked)}
                />
                {webhookEventLabels[event]}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-semibold">Format</legend>
          {(
            [
              ["standard", "Signed JSON (n8n, Zapier, your own code)"],
              ["slack", "Slack message"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex min-h-[44px] items-center gap-0.5 text-sm">
              <input
                type="radio"
                name={`${id}-format`}
                value={value}
                checked={format === value}
                onChange={() => setFormat(value)}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <div>
          <button type="submit" disabled={busy} className={buttonClass("primary", "sm")}>
            {busy ? "Saving…" : "Add webhook"}
          </button>
        </div>
        <FormStatus id={`${id}-status`} message={status} />
        <div aria-live="polite">
          {secret ? (
            <div className="grid gap-0.5 rounded-sm border border-line bg-white p-1">
              <p className="text-sm font-semibold">Signing secret for {secret.url}</p>
              <p className="text-sm text-muted">
                Shown only now: keep it where the receiver checks signatures.
              </p>
              <code className="break-all text-sm">{secret.value}</code>
              <div className="flex flex-wrap gap-1">
                <button type="button" onClick={copy} className={buttonClass("secondary", "sm")}>
                  {copied ? "Copied" : "Copy secret"}
                </button>
                <button
                  type="button"
                  onClick={() => setSecret(null)}
                  className={buttonClass("secondary", "sm")}
                >
                  Done
                </button>
              </div>
            </div>
          ) : null}
        </div>
      </form>
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete the webhook to ${deleting.url}?` : ""}
        text="Nothing more is sent to it, and its delivery log goes with it."
        keepLabel="Keep it"
        confirmLabel={busy ? "Deleting…" : "Delete webhook"}
        danger
        busy={busy}
        onConfirm={() => deleting && remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

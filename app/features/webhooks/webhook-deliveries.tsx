import { useState } from "react";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import {
  type Webhook,
  type WebhookDelivery,
  webhookEventLabels,
} from "../../../domain/webhooks.ts";
import { formatDateTime } from "../../components/admin/format.ts";
import { FormStatus } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { authGet, authPost } from "../../session/api.ts";

const statusLabels: Record<WebhookDelivery["status"], string> = {
  pending: "Waiting to retry",
  delivered: "Delivered",
  failed: "Failed",
  skipped: "Not sent (paused)",
};

/**
 * A webhook's delivery log, opened from its row: each event, its attempts (time, HTTP status,
 * the start of the answer) and Replay, which sends it again with the same webhook-id.
 */
export function WebhookDeliveries({ webhook, timeZone }: { webhook: Webhook; timeZone: string }) {
  const [deliveries, setDeliveries] = useState<WebhookDelivery[] | null>(null);
  const [status, setStatus] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const statusId = `deliveries-${webhook.id}-status`;

  async function load() {
    setBusy(true);
    const result = await authGet(endpoints.webhookDeliveries, { params: { id: webhook.id } });
    setBusy(false);
    if (!result.ok) return setStatus({ kind: "error", text: result.error ?? leadTexts.failed });
    setDeliveries(result.data.deliveries);
  }

  async function replay(delivery: WebhookDelivery) {
    setBusy(true);
    const result = await authPost(
      endpoints.replayWebhookDelivery,
      {},
      { params: { id: webhook.id, deliveryId: delivery.id } },
    );
    setBusy(false);
    if (!result.ok) return setStatus({ kind: "error", text: result.error ?? leadTexts.failed });
    const replayed = result.data.delivery;
    setDeliveries((all) => all?.map((d) => (d.id === replayed.id ? replayed : d)) ?? null);
    setStatus({ kind: "success", text: result.data.message });
  }

  return (
    <div className="mt-1">
      {deliveries === null ? (
        <button
          type="button"
          onClick={load}
          disabled={busy}
          className={buttonClass("secondary", "sm")}
          aria-describedby={statusId}
        >
          {busy ? "Loading…" : "Show deliveries"}
        </button>
      ) : deliveries.length === 0 ? (
        <p className="text-sm text-muted">Nothing sent in the last 30 days.</p>
      ) : (
        <ul className="grid gap-0.5" aria-label={`Deliveries to ${webhook.url}`}>
          {deliveries.map((delivery) => {
            const last = delivery.attempts.at(-1);
            return (
              <li
                key={delivery.id}
                className="rounded-sm border border-line bg-white/70 p-1 text-sm"
              >
                <div className="flex flex-wrap items-center justify-between gap-1">
                  <p className="min-w-0 break-words">
                    <span className="font-semibold">{webhookEventLabels[delivery.event]}</span>{" "}
                    <span className="text-muted">
                      {formatDateTime(delivery.createdAt, timeZone)} ·{" "}
                      {statusLabels[delivery.status]}
                      {last ? ` · ${last.status ?? last.error ?? "no answer"}` : ""}
                    </span>
                  </p>
                  {delivery.status !== "pending" && webhook.status === "active" ? (
                    <button
                      type="button"
                      onClick={() => replay(delivery)}
                      disabled={busy}
                      className={buttonClass("secondary", "sm")}
                    >
                      Replay<span className="sr-only"> {delivery.event}</span>
                    </button>
                  ) : null}
                </div>
                {delivery.attempts.length ? (
                  <details className="mt-0.5">
                    <summary className="cursor-pointer text-muted">
                      {delivery.attempts.length === 1
                        ? "1 attempt"
                        : `${delivery.attempts.length} attempts`}
                    </summary>
                    <ol className="mt-0.5 grid gap-0.5">
                      {delivery.attempts.map((attempt) => (
                        <li key={attempt.at + String(attempt.status)} className="break-words">
                          {formatDateTime(attempt.at, timeZone)}:{" "}
                          {attempt.status !== null ? `HTTP ${attempt.status}` : attempt.error}
                          {attempt.response ? (
                            <pre className="mt-0.5 max-h-8 overflow-auto whitespace-pre-wrap rounded-sm bg-paper-dim/60 p-0.5 text-xs">
                              {attempt.response}
                            </pre>
                          ) : null}
                        </li>
                      ))}
                    </ol>
                  </details>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <FormStatus id={statusId} message={status} />
    </div>
  );
}

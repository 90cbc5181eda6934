import type { LeadMessage } from "../../../domain/conversation.ts";
import { splitQuoted } from "../../../domain/conversation.ts";
import { formatDateTime } from "../../components/admin/format.ts";
import { buttonClass } from "../../components/layout.tsx";

const statusText: Record<LeadMessage["status"], string> = {
  queued: "Sending…",
  sent: "Sent",
  failed: "Not sent",
  received: "Received",
};

const sizeText = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1048576
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`;

/**
 * One e-mail of the conversation, as text only: who wrote it, when, its subject and status,
 * its words (earlier quoted text folded away), and a reply's attachments by name and size.
 * A message that could not be sent says why and can be sent again.
 */
export function MessageItem({
  message,
  visitorName,
  timeZone,
  onRetry,
  retrying,
}: {
  message: LeadMessage;
  visitorName: string;
  timeZone: string;
  onRetry: (message: LeadMessage) => void;
  retrying: boolean;
}) {
  const incoming = message.direction === "in";
  const who = incoming
    ? `${visitorName} <${message.from}>`
    : message.kind === "auto-reply"
      ? "Instant reply"
      : "You";
  const { own, quoted } = splitQuoted(message.text);
  return (
    <li
      className={`min-w-0 rounded-sm border p-1.5 ${
        incoming ? "border-accent-strong/40 bg-white" : "border-line bg-paper-dim/60"
      }`}
    >
      <p className="flex flex-wrap items-baseline gap-x-1 text-sm">
        <span className="font-semibold break-all">{who}</span>
        <span className="text-muted">
          <time dateTime={message.at}>{formatDateTime(message.at, timeZone)}</time>
        </span>
        <span
          className={`ml-auto font-semibold ${
            message.status === "failed"
              ? "text-error"
              : message.status === "queued"
                ? "text-muted"
                : "text-success"
          }`}
        >
          {statusText[message.status]}
        </span>
      </p>
      <p className="mt-0.5 text-sm font-semibold wrap-anywhere">{message.subject}</p>
      {message.kind === "auto-reply" ? (
        // The studio's own standard words: folded, so the conversation reads as one.
        <details className="mt-0.5 text-sm">
          <summary className="min-h-[44px] cursor-pointer py-[10px] text-muted hover:text-ink min-[1024px]:min-h-0 min-[1024px]:py-0">
            Show what it said
          </summary>
          <p className="mt-0.5 whitespace-pre-wrap wrap-anywhere">{own}</p>
        </details>
      ) : (
        <p className="mt-0.5 whitespace-pre-wrap wrap-anywhere">{own}</p>
      )}
      {quoted ? (
        <details className="mt-0.5 text-sm">
          <summary className="min-h-[44px] cursor-pointer py-[10px] text-muted hover:text-ink min-[1024px]:min-h-0 min-[1024px]:py-0">
            Show quoted text
          </summary>
          <p className="mt-0.5 border-l-2 border-line pl-1 whitespace-pre-wrap wrap-anywhere text-muted">
            {quoted}
          </p>
        </details>
      ) : null}
      {message.attachments?.length ? (
        <p className="mt-0.5 text-sm text-muted">
          Attachments (not kept here; in your mailbox):{" "}
          {message.attachments.map((a) => `${a.name} (${sizeText(a.size)})`).join(", ")}
        </p>
      ) : null}
      {message.status === "failed" ? (
        <div className="mt-1 flex flex-wrap items-center gap-1 text-sm">
          <p className="text-error">{message.error ?? "The mail server refused it."}</p>
          <button
            type="button"
            onClick={() => onRetry(message)}
            disabled={retrying}
            className={buttonClass("secondary", "sm")}
          >
            {retrying ? "Sending again…" : "Send again"}
          </button>
        </div>
      ) : message.status === "queued" && message.error ? (
        <p className="mt-1 text-sm text-muted">Trying again shortly: {message.error}</p>
      ) : null}
    </li>
  );
}

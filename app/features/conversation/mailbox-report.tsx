import type { MailboxReport as Report } from "../../../domain/mailbox.ts";
import { formatDateTime } from "../../components/admin/format.ts";

const sizeText = (bytes: number) =>
  bytes < 1048576
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1048576).toFixed(1)} MB`;

/**
 * The mailbox section of the settings (GET /api/mailbox): when the mailbox was last read, and
 * the messages set aside instead of joining a lead, each with why, so the owner can find them
 * in his mailbox. Text only: what a stranger's message says is never markup here.
 */
export function MailboxReport({ report, timeZone }: { report: Report; timeZone: string }) {
  if (!report.watching)
    return (
      <p className="mt-2 text-muted">
        Replies are not read from a mailbox: set IMAP_URL to see visitors' replies on their leads.
      </p>
    );
  return (
    <div className="mt-2 grid gap-1.5">
      <dl className="grid gap-1 sm:grid-cols-2">
        <div className="rounded-sm border border-line bg-white/70 p-1.5">
          <dt className="font-semibold">Last read</dt>
          <dd className="mt-0.5 text-sm text-muted">
            {report.lastReadAt ? (
              <time dateTime={report.lastReadAt}>
                {formatDateTime(report.lastReadAt, timeZone)}
              </time>
            ) : (
              "Not read yet."
            )}
          </dd>
        </div>
        <div className="rounded-sm border border-line bg-white/70 p-1.5">
          <dt className="font-semibold">Set aside</dt>
          <dd className="mt-0.5 text-sm text-muted">
            {report.setAside === 0
              ? "None: every message was read."
              : `${report.setAside.toLocaleString("en-US")} ${report.setAside === 1 ? "message" : "messages"} not added to any lead. They are still in your mailbox.`}
          </dd>
        </div>
      </dl>
      {report.messages.length ? (
        <ul aria-label="Messages set aside" className="grid gap-1">
          {report.messages.map((message) => (
            <li
              key={message.ID}
              className="min-w-0 rounded-sm border border-line bg-white p-1.5 text-sm"
            >
              <p className="flex flex-wrap items-baseline gap-x-1">
                <span className="font-semibold break-all">{message.from ?? "Unknown sender"}</span>
                <span className="text-muted">
                  <time dateTime={message.at}>{formatDateTime(message.at, timeZone)}</time>
                </span>
                <span className="ml-auto text-muted">{sizeText(message.size)}</span>
              </p>
              <p className="mt-0.5 font-semibold wrap-anywhere">
                {message.subject ?? "(no subject)"}
              </p>
              <p className="mt-0.5 wrap-anywhere">
                {message.reason === "unverified-sender" ? "Unverified sender. " : "Unreadable. "}
                {message.detail}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

import type { AdminSettings } from "../../../domain/admin-settings.ts";

/**
 * How mail and the calendar are set up on this server, in the owner's words, with the
 * variable that changes each (they live in the server's environment, not in this screen).
 */
export function MailStatus({ settings }: { settings: AdminSettings | null }) {
  const mail = settings?.mail;
  if (!mail) return <p className="mt-2 text-muted">The server's setup could not be read.</p>;
  const rows: Array<{ term: string; on: boolean; detail: string }> = [
    {
      term: "Sending",
      on: mail.sending,
      detail: mail.sending
        ? `Messages and instant replies come from ${mail.from}.`
        : "Off: set SMTP_URL and NOTIFY_EMAIL (and MAIL_FROM for another sender).",
    },
    {
      term: "Instant reply",
      on: mail.autoReply,
      detail: mail.autoReply
        ? "Every new lead gets one at once (at most once a day per address)."
        : "Off (AUTO_REPLY=off, or sending is off).",
    },
    {
      term: "Replies",
      on: mail.receiving,
      detail: mail.receiving
        ? "Read from your mailbox and shown on each lead."
        : "Not read: set IMAP_URL to see visitors' replies on their leads.",
    },
    {
      term: "Reply-To token",
      on: mail.replyToToken,
      detail: mail.replyToToken
        ? "Replies find their lead even when the visitor's mail program drops the thread."
        : "Off: REPLY_TO with {token} (hello+{token}@…) adds it, if your mailbox takes plus addresses.",
    },
    {
      term: "Your calendar",
      on: Boolean(settings.calendar),
      detail: settings.calendar
        ? "Busy times hide booking slots; every call is written to it."
        : "Not connected: set CALDAV_URL to use your own calendar.",
    },
  ];
  return (
    <dl className="mt-2 grid gap-1 sm:grid-cols-2 min-[1024px]:grid-cols-3">
      {rows.map((row) => (
        <div key={row.term} className="rounded-sm border border-line bg-white/70 p-1.5">
          <dt className="flex items-center gap-0.5 font-semibold">
            <span
              aria-hidden="true"
              className={`inline-block size-1 rounded-full ${row.on ? "bg-success" : "bg-muted"}`}
            />
            {row.term}: {row.on ? "on" : "off"}
          </dt>
          <dd className="mt-0.5 text-sm text-muted">{row.detail}</dd>
        </div>
      ))}
    </dl>
  );
}

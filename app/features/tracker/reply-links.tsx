import { useEffect, useState } from "react";
import { mailtoHref } from "../../../domain/email.ts";
import type { LeadRecord } from "../../../domain/lead-record.ts";
import { site } from "../../../domain/site.ts";
import { formatDateTime } from "../../components/admin/format.ts";
import { fullName } from "../../components/admin/lead-name.ts";
import type { OwnerClock } from "../../components/admin/owner-clock.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { controlId } from "../lead/dom-ids.ts";
import type { ListKey } from "../lead/lead-view.ts";

/**
 * The visitor's address with a reply ready: a subject, and their message quoted (RFC 6068:
 * every part percent-encoded, line breaks as CRLF).
 */
export function replyHref(lead: LeadRecord, timeZone: string): string {
  const quoted = lead.Message.split(/\r?\n/).map((line) => `> ${line}`);
  const when = lead.CreatedAt ? `On ${formatDateTime(lead.CreatedAt, timeZone)}, ` : "";
  const body = ["", "", `${when}${fullName(lead)} wrote:`, ...quoted].join("\r\n");
  const subject = `Re: your inquiry to ${site.name}`;
  return `${mailtoHref(lead.Email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/**
 * The visitor's address, and "Reply by e-mail" with the reply ready. Once that is used, the
 * lead offers to mark itself REPLIED.
 */
export function ReplyLinks({
  lead,
  listKey,
  clock,
  onMarkReplied,
}: {
  lead: LeadRecord;
  listKey: ListKey;
  clock: OwnerClock;
  onMarkReplied: () => void;
}) {
  const [started, setStarted] = useState(false);
  const replyId = controlId(listKey, lead.ID, "reply");
  useEffect(() => {
    if (lead.CommStatus === "REPLIED") setStarted(false);
  }, [lead.CommStatus]);
  return (
    <>
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
        <a
          href={mailtoHref(lead.Email)}
          className="inline-flex min-h-[44px] items-center font-semibold break-all text-accent-strong underline underline-offset-4 min-[1024px]:min-h-0"
        >
          {lead.Email}
        </a>
        <a
          id={replyId}
          href={replyHref(lead, clock.timeZone)}
          onClick={() => setStarted(true)}
          className="inline-flex min-h-[44px] items-center text-sm font-semibold text-ink underline underline-offset-4 min-[1024px]:min-h-0"
        >
          Reply by email
        </a>
      </p>
      {/* Always present, so the prompt is announced when it appears. */}
      <div aria-live="polite">
        {started && lead.CommStatus !== "REPLIED" ? (
          <div className="mt-1 flex flex-wrap items-center gap-1 rounded-sm border border-line bg-paper-dim/70 px-1.5 py-1 text-sm">
            <p className="font-semibold">Sent your reply?</p>
            <button type="button" onClick={onMarkReplied} className={buttonClass("primary", "sm")}>
              Mark as replied
            </button>
            <button
              type="button"
              onClick={() => {
                setStarted(false);
                document.getElementById(replyId)?.focus();
              }}
              className={buttonClass("secondary", "sm")}
            >
              Not yet
            </button>
          </div>
        ) : null}
      </div>
    </>
  );
}

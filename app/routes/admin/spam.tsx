import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import {
  type SpamLead,
  spamReasonTexts,
  spamRetentionDays,
  spamTexts,
} from "../../../domain/spam.ts";
import { EraseLeadButton } from "../../components/admin/erase-dialog.tsx";
import { formatDateTime } from "../../components/admin/format.ts";
import { nextPageUrl } from "../../components/admin/lead-lists.ts";
import { fullName } from "../../components/admin/lead-parts.tsx";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
import { FormMessage } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { privateMeta } from "../../seo.ts";
import { authGet, authPost, type Target } from "../../session/api.ts";
import type { Route } from "./+types/spam";

export const meta = () => privateMeta("Spam");

type SpamPage = { leads: SpamLead[]; next: string | null; error: string | null };

async function loadSpam(target: Target = {}): Promise<SpamPage> {
  const result = await authGet(endpoints.spamLeads, target);
  if (!result.ok) return { leads: [], next: null, error: result.error || leadTexts.failed };
  return { leads: result.data, next: nextPageUrl(result.headers.get("link")), error: null };
}

export async function clientLoader() {
  return loadSpam();
}

/**
 * Spam kept for review (issue 12): what the form judged to be spam, with the reason, newest
 * first. "Not spam" makes it the lead it would have been (and sends its notification); Erase
 * deletes it now; otherwise it is deleted 30 days after it arrived here.
 */
export default function AdminSpam({ loaderData }: Route.ComponentProps) {
  const clock = useOwnerClock();
  const [page, setPage] = useState<SpamPage>(loaderData);
  const [loadingMore, setLoadingMore] = useState(false);
  const [notice, setNotice] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const focusNext = useRef<string | null>(null);

  useEffect(() => setPage(loaderData), [loaderData]);
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  /** Off the list; focus to the next one (or the heading), and say what happened. */
  function remove(id: string, text: string) {
    const at = page.leads.findIndex((lead) => lead.ID === id);
    const next = page.leads[at + 1] ?? page.leads[at - 1];
    setPage((current) => ({ ...current, leads: current.leads.filter((lead) => lead.ID !== id) }));
    setNotice(text);
    focusNext.current = next ? `spam-${next.ID}-not-spam` : "spam-heading";
  }

  async function notSpam(lead: SpamLead) {
    setBusy(lead.ID);
    setErrors(({ [lead.ID]: _, ...rest }) => rest);
    const result = await authPost(endpoints.notSpam, {}, { params: { id: lead.ID } });
    setBusy(null);
    if (result.ok) {
      remove(lead.ID, `${fullName(lead)} is in New Leads now. ${spamTexts.notSpam}`);
      return;
    }
    if (result.status === 404) {
      remove(lead.ID, `${fullName(lead)} is no longer here.`);
      return;
    }
    setErrors((all) => ({ ...all, [lead.ID]: result.error ?? leadTexts.failed }));
  }

  async function loadMore() {
    if (!page.next || loadingMore) return;
    setLoadingMore(true);
    const more = await loadSpam({ url: page.next });
    setLoadingMore(false);
    setPage((current) =>
      more.error
        ? { ...current, error: more.error }
        : {
            leads: [
              ...current.leads,
              ...more.leads.filter((lead) => !current.leads.some((l) => l.ID === lead.ID)),
            ],
            next: more.next,
            error: null,
          },
    );
  }

  return (
    <div className="mx-auto w-full max-w-[1200px] px-2 pt-2 md:px-3">
      <h1
        id="spam-heading"
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight outline-none"
      >
        Spam{" "}
        <span className="text-base font-semibold text-muted">
          {page.leads.length}
          {page.next ? "+" : ""}
        </span>
      </h1>
      <p className="mt-0.5 max-w-3xl text-muted">
        What the contact form judged to be spam. Nobody was told: the sender saw the usual thank
        you, and you got no e-mail. If one is a real person, choose <strong>Not spam</strong> and it
        joins New Leads, in its place by the time it first arrived, and you get its e-mail. Spam is
        deleted {spamRetentionDays} days after it lands here.
      </p>
      <p aria-live="polite" className="mt-1 min-h-3 text-sm font-semibold text-success">
        {notice}
      </p>
      {page.error ? (
        <div className="mt-1">
          <FormMessage kind="error">{page.error}</FormMessage>
        </div>
      ) : null}
      {!page.error && page.leads.length === 0 ? (
        <div className="mt-2 rounded-sm border border-line bg-white/70 p-3">
          <p className="font-semibold">No spam right now.</p>
          <p className="mt-0.5 text-muted">
            Anything the form catches shows up here for you to check.{" "}
            <Link to="/admin/leads" className="font-semibold text-accent-strong underline">
              Back to the leads
            </Link>
          </p>
        </div>
      ) : null}
      <ul className="mt-1 grid gap-1">
        {page.leads.map((lead) => {
          const name = fullName(lead) || lead.Email;
          const headingId = `spam-${lead.ID}-name`;
          return (
            <li key={lead.ID}>
              <article
                aria-labelledby={headingId}
                className="grid gap-1 rounded-sm border border-line bg-white/70 p-2 md:grid-cols-[minmax(0,1fr)_auto] md:gap-x-3"
              >
                <div className="min-w-0">
                  <div className="flex flex-wrap items-baseline gap-x-1.5 gap-y-0.5">
                    <h2 id={headingId} className="text-lg font-bold break-words">
                      {name}
                    </h2>
                    <span className="text-sm break-all text-muted">{lead.Email}</span>
                  </div>
                  <p className="mt-0.5 text-sm">
                    <span className="inline-flex items-center gap-0.5 rounded-sm border border-line bg-paper-dim px-0.5 font-semibold">
                      {spamReasonTexts[lead.SpamReason]}
                    </span>{" "}
                    {lead.CreatedAt ? (
                      <span className="text-muted">
                        · sent{" "}
                        <time dateTime={lead.CreatedAt}>
                          {formatDateTime(lead.CreatedAt, clock.timeZone)}
                        </time>
                      </span>
                    ) : null}
                    {lead.Source ? <span className="text-muted"> · from {lead.Source}</span> : null}
                  </p>
                  {lead.Message ? (
                    <p className="mt-1 line-clamp-4 whitespace-pre-line break-words">
                      {lead.Message}
                    </p>
                  ) : (
                    <p className="mt-1 text-muted">No message.</p>
                  )}
                </div>
                <div className="flex flex-wrap items-start gap-1 md:flex-col md:items-stretch">
                  <button
                    id={`spam-${lead.ID}-not-spam`}
                    type="button"
                    onClick={() => notSpam(lead)}
                    aria-disabled={busy === lead.ID}
                    className={buttonClass("primary", "sm")}
                  >
                    {busy === lead.ID ? "Moving…" : "Not spam"}
                  </button>
                  <EraseLeadButton
                    lead={lead}
                    onErased={(id, { diskPending }) =>
                      remove(
                        id,
                        `${name}'s submission was erased${diskPending ? "; removal from disk pending" : ""}.`,
                      )
                    }
                  />
                  <p aria-live="polite" className="text-sm font-semibold text-error">
                    {errors[lead.ID]}
                  </p>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
      {page.next ? (
        <button
          type="button"
          onClick={loadMore}
          aria-disabled={loadingMore}
          className={`mt-2 ${buttonClass("secondary", "sm")}`}
        >
          {loadingMore ? "Loading…" : "Load more"}
        </button>
      ) : null}
    </div>
  );
}

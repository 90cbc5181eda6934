import { useEffect, useState } from "react";
import { Link } from "react-router";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { type SpamLead, spamRetentionDays, spamTexts } from "../../../domain/spam.ts";
import { fullName } from "../../components/admin/lead-name.ts";
import { loadPage, type PagedList, useLoadMore } from "../../components/admin/paged-list.ts";
import { useFocusNext } from "../../components/admin/use-focus-next.ts";
import { FormMessage } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { notSpamButtonId, SpamItem } from "../../features/spam/spam-item.tsx";
import { privateMeta } from "../../seo.ts";
import { authPost } from "../../session/api.ts";
import type { Route } from "./+types/spam";

export const meta = () => privateMeta("Spam");

export async function clientLoader() {
  return loadPage(endpoints.spamLeads);
}

/**
 * Spam kept for review: what the form judged to be spam, with the reason, newest first. "Not
 * spam" makes it the lead it would have been (and sends its notification); Erase deletes it
 * now; otherwise it is deleted 30 days after it arrived here.
 */
export default function AdminSpam({ loaderData }: Route.ComponentProps) {
  const [page, setPage] = useState<PagedList<SpamLead>>(loaderData);
  const [notice, setNotice] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const focusNext = useFocusNext();
  const loadMore = useLoadMore((url) => loadPage(endpoints.spamLeads, { url }), setPage);

  useEffect(() => setPage(loaderData), [loaderData]);

  /** Off the list; focus to the next one (or the heading), and say what happened. */
  function remove(id: string, text: string) {
    const at = page.leads.findIndex((lead) => lead.ID === id);
    const next = page.leads[at + 1] ?? page.leads[at - 1];
    setPage((current) => ({ ...current, leads: current.leads.filter((lead) => lead.ID !== id) }));
    setNotice(text);
    focusNext([next ? notSpamButtonId(next.ID) : "spam-heading"]);
  }

  async function notSpam(lead: SpamLead) {
    setBusy(lead.ID);
    setErrors(({ [lead.ID]: _, ...rest }) => rest);
    const result = await authPost(endpoints.notSpam, {}, { params: { id: lead.ID } });
    setBusy(null);
    if (result.ok) remove(lead.ID, `${fullName(lead)} is in New Leads now. ${spamTexts.notSpam}`);
    else if (result.status === 404) remove(lead.ID, `${fullName(lead)} is no longer here.`);
    else setErrors((all) => ({ ...all, [lead.ID]: result.error ?? leadTexts.failed }));
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
        What the contact form judged to be spam, and the leads you marked. Nobody was told: the
        sender saw the usual thank you, and you got no e-mail. If one is a real person, choose{" "}
        <strong>Not spam</strong>: it joins New Leads in its place by the time it first arrived, and
        you get its e-mail; a lead you had marked goes back as it was. Spam is deleted{" "}
        {spamRetentionDays} days after it lands here.
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
        {page.leads.map((lead) => (
          <li key={lead.ID}>
            <SpamItem
              lead={lead}
              busy={busy === lead.ID}
              error={errors[lead.ID]}
              onNotSpam={() => notSpam(lead)}
              onErased={(id, { diskPending }) =>
                remove(
                  id,
                  `${fullName(lead) || lead.Email}'s submission was erased${diskPending ? "; removal from disk pending" : ""}.`,
                )
              }
            />
          </li>
        ))}
      </ul>
      {page.next ? (
        <button
          type="button"
          onClick={() => loadMore(page)}
          aria-disabled={page.loadingMore}
          className={`mt-2 ${buttonClass("secondary", "sm")}`}
        >
          {page.loadingMore ? "Loading…" : "Load more"}
        </button>
      ) : null}
    </div>
  );
}

import { Link } from "react-router";
import { spamRetentionDays } from "../../../domain/spam.ts";
import { AdminPage, AdminPageHeader } from "../../components/admin/page-header.tsx";
import { FormMessage } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { SpamItem } from "../../features/spam/spam-item.tsx";
import { loadSpam, useSpamReview } from "../../features/spam/use-spam-review.ts";
import { privateMeta } from "../../seo.ts";
import type { Route } from "./+types/spam";

export const meta = () => privateMeta("Spam");

export async function clientLoader() {
  return loadSpam();
}

/**
 * Spam kept for review: what the form judged to be spam, with the reason, newest first. "Not
 * spam" makes it the lead it would have been (and sends its notification); Erase deletes it
 * now; otherwise it is deleted 30 days after it arrived here. What each does is in
 * app/features/spam/.
 */
export default function AdminSpam({ loaderData }: Route.ComponentProps) {
  const { page, notice, errors, busy, notSpam, erased, loadMore } = useSpamReview(loaderData);

  return (
    <AdminPage>
      <AdminPageHeader
        id="spam-heading"
        focusable
        title="Spam"
        count={`${page.leads.length}${page.next ? "+" : ""}`}
        description={
          <p>
            What the contact form judged to be spam, and the leads you marked. Nobody was told: the
            sender saw the usual thank you, and you got no e-mail. If one is a real person, choose{" "}
            <strong>Not spam</strong>: it joins New Leads in its place by the time it first arrived,
            and you get its e-mail; a lead you had marked goes back as it was. Spam is deleted{" "}
            {spamRetentionDays} days after it lands here.
          </p>
        }
      />
      <div className="max-w-[1200px]">
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
                onErased={(_, outcome) => erased(lead, outcome)}
              />
            </li>
          ))}
        </ul>
        {page.next ? (
          <button
            type="button"
            onClick={loadMore}
            aria-disabled={page.loadingMore}
            className={`mt-2 ${buttonClass("secondary", "sm")}`}
          >
            {page.loadingMore ? "Loading…" : "Load more"}
          </button>
        ) : null}
      </div>
    </AdminPage>
  );
}

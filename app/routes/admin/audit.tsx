import { useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { formatDateTime } from "../../components/admin/format.ts";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
import { AdminPage, AdminPageHeader } from "../../components/admin/page-header.tsx";
import { compactFieldClass, FormMessage } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { detailLines } from "../../features/team/audit-details.ts";
import { privateMeta } from "../../seo.ts";
import { authGet } from "../../session/api.ts";
import type { Route } from "./+types/audit";

export const meta = () => privateMeta("Audit log");

const queryOf = (url: URL, cursor?: string) => {
  const query = new URLSearchParams();
  for (const key of ["actor", "action"]) {
    const value = url.searchParams.get(key)?.trim();
    if (value) query.set(key, value);
  }
  if (cursor) query.set("cursor", cursor);
  return query.toString();
};

/** The newest entries matching the filters in the address; the layout's guard ran first. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const page = await authGet(endpoints.audit, { query: queryOf(url) });
  return {
    actor: url.searchParams.get("actor") ?? "",
    action: url.searchParams.get("action") ?? "",
    query: queryOf(url),
    ...(page.ok
      ? { entries: page.data.entries, next: page.data.next, error: null }
      : { entries: [], next: null, error: page.error ?? leadTexts.failed }),
  };
}

/**
 * The audit log (/admin/audit, owners only; docs/team.md): every change someone made, newest
 * first, filtered by who and what. Read only: nothing here changes or deletes an entry.
 */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const id = useId();
  const clock = useOwnerClock();
  const navigation = useNavigation();
  const [more, setMore] = useState<{
    entries: typeof loaderData.entries;
    next: string | null;
    for: string;
  }>({
    entries: [],
    next: null,
    for: "",
  });
  const extra = more.for === loaderData.query ? more : { entries: [], next: null, for: "" };
  const entries = [...loaderData.entries, ...extra.entries];
  const next = extra.for ? extra.next : loaderData.next;
  const [loading, setLoading] = useState(false);

  async function loadMore() {
    if (!next || loading) return;
    setLoading(true);
    const query = [loaderData.query, `cursor=${encodeURIComponent(next)}`]
      .filter(Boolean)
      .join("&");
    const page = await authGet(endpoints.audit, { query });
    setLoading(false);
    if (page.ok)
      setMore({
        entries: [...extra.entries, ...page.data.entries],
        next: page.data.next,
        for: loaderData.query,
      });
  }

  return (
    <AdminPage>
      <AdminPageHeader
        title="Audit log"
        description={
          <p>
            Every change made in the admin and every sign-in, newest first, kept 400 days. Values
            show before and after; what visitors wrote never appears here.
          </p>
        }
      />
      <Form
        method="get"
        className="grid max-w-3xl gap-1.5 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        <div>
          <label htmlFor={`${id}-actor`} className="text-sm font-semibold">
            Who (e-mail)
          </label>
          <input
            id={`${id}-actor`}
            name="actor"
            type="email"
            defaultValue={loaderData.actor}
            className={compactFieldClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-action`} className="text-sm font-semibold">
            Action
          </label>
          <input
            id={`${id}-action`}
            name="action"
            defaultValue={loaderData.action}
            placeholder="updateLead, login, invite…"
            className={compactFieldClass}
          />
        </div>
        <button type="submit" className={buttonClass("secondary", "sm")}>
          {navigation.state === "loading" ? "Filtering…" : "Filter"}
        </button>
      </Form>
      {loaderData.error ? (
        <div className="mt-2">
          <FormMessage kind="error">{loaderData.error}</FormMessage>
        </div>
      ) : entries.length === 0 ? (
        <p className="mt-3 text-muted">Nothing recorded matches.</p>
      ) : (
        <div className="mt-2 max-w-6xl overflow-x-auto rounded-sm border border-line bg-white/70">
          <table className="w-full text-left text-sm max-sm:block sm:min-w-[40rem]">
            <caption className="sr-only">Audit entries, newest first</caption>
            <thead className="bg-paper-dim text-muted max-sm:sr-only">
              <tr>
                <th scope="col" className="px-1.5 py-1 font-semibold">
                  When
                </th>
                <th scope="col" className="px-1.5 py-1 font-semibold">
                  Who
                </th>
                <th scope="col" className="px-1.5 py-1 font-semibold">
                  Action
                </th>
                <th scope="col" className="px-1.5 py-1 font-semibold">
                  Target and details
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line max-sm:block">
              {entries.map((entry) => (
                <tr key={entry.id} className="align-top max-sm:grid max-sm:py-1">
                  <td className="whitespace-nowrap px-1.5 py-1 tabular-nums text-muted max-sm:py-0">
                    {formatDateTime(entry.at, clock.timeZone)}
                  </td>
                  <td className="px-1.5 py-1 break-words max-sm:py-0">{entry.actor}</td>
                  <td className="px-1.5 py-1 font-semibold max-sm:py-0">{entry.action}</td>
                  <td className="px-1.5 py-1 max-sm:py-0">
                    {entry.target ? (
                      <p className="font-mono text-xs break-all">{entry.target}</p>
                    ) : null}
                    {detailLines(entry.details).map((line) => (
                      <p key={line} className="break-words">
                        {line}
                      </p>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next ? (
        <button
          type="button"
          onClick={loadMore}
          aria-disabled={loading}
          className={`mt-2 ${buttonClass("secondary", "sm")}`}
        >
          {loading ? "Loading…" : "Show older entries"}
        </button>
      ) : null}
    </AdminPage>
  );
}

import { useEffect, useId, useState } from "react";
import { Link, useNavigation, useSearchParams } from "react-router";
import {
  type ContentStatus,
  type ContentType,
  contentTypeNames,
} from "../../../domain/content-entry.ts";
import { contentTypes } from "../../../domain/content-schema.ts";
import { useAdminSettings } from "../../components/admin/admin-settings.tsx";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
import { AdminPage, AdminPageHeader } from "../../components/admin/page-header.tsx";
import { useMayCall } from "../../components/admin/team-role.tsx";
import { compactFieldClass, FormMessage } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { contentApi, failureText } from "../../features/content/content-api.ts";
import { typeLabels } from "../../features/content/content-fields.ts";
import { ContentList } from "../../features/content/content-list.tsx";
import { ContentTypeTabs } from "../../features/content/content-type-tabs.tsx";
import { SiteSettingsForm } from "../../features/content/site-settings-form.tsx";
import { insightRange } from "../../features/insights/day-axis.ts";
import { privateMeta } from "../../seo.ts";
import type { Route } from "./+types/content";

export const meta = () => privateMeta("Site");

const statusFilters = [
  { value: "", label: "All" },
  { value: "draft", label: "Draft" },
  { value: "scheduled", label: "Scheduled" },
  { value: "published", label: "Published" },
  { value: "changed", label: "Changed since published" },
] as const;

const settingsTab = "settings";

function readQuery(url: URL) {
  const raw = url.searchParams.get("type") ?? "";
  const tab: ContentType | typeof settingsTab =
    raw === settingsTab
      ? settingsTab
      : (contentTypeNames as readonly string[]).includes(raw)
        ? (raw as ContentType)
        : "post";
  const status = url.searchParams.get("status") ?? "";
  return { tab, status, q: url.searchParams.get("q") ?? "" };
}

/** One type's entries, or the site settings; the layout's guard ran first. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { tab, status, q } = readQuery(new URL(request.url));
  if (tab === settingsTab) {
    const result = await contentApi.siteSettings();
    return result.ok
      ? { tab, entries: [], period: null, settings: result.data, error: null }
      : { tab, entries: [], period: null, settings: null, error: failureText(result) };
  }
  // "Changed since published" is a published entry with newer text: filtered here.
  const serverStatus = (status === "changed" ? "published" : status) as ContentStatus | "";
  const result = await contentApi.list({ type: tab, status: serverStatus || undefined, q });
  if (!result.ok)
    return { tab, entries: [], period: null, settings: null, error: failureText(result) };
  const entries =
    status === "changed"
      ? result.data.entries.filter((entry) => entry.changedSincePublished)
      : result.data.entries;
  return { tab, entries, period: result.data.period, settings: null, error: null };
}

/**
 * The content studio (/admin/content): every page the site publishes, by type, with where
 * each stands, and the site's own settings. An entry opens in its editor.
 */
export default function AdminContent({ loaderData }: Route.ComponentProps) {
  const clock = useOwnerClock();
  const settings = useAdminSettings();
  const maySaveSettings = useMayCall("saveSiteSettings");
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const { tab, status, q } = readQuery(new URL(`http://x/?${params}`));
  const [search, setSearch] = useState(q);
  const ids = useId();

  // A pause in typing searches; each keystroke would reload the list mid-word.
  useEffect(() => {
    if (search === q || tab === settingsTab) return;
    const timer = setTimeout(() => {
      setParams(
        (was) => {
          const next = new URLSearchParams(was);
          if (search.trim()) next.set("q", search);
          else next.delete("q");
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [search, q, tab, setParams]);

  // Moving between types keeps the status filter and the search: "drafts about SEO" in each.
  const linkFor = (type: string) => {
    const next = new URLSearchParams(params);
    next.set("type", type);
    if (type === settingsTab) {
      next.delete("status");
      next.delete("q");
    }
    return `/admin/content?${next}`;
  };
  const searching =
    navigation.state === "loading" && navigation.location?.pathname === "/admin/content";
  return (
    <AdminPage>
      <AdminPageHeader
        title="Site"
        status={
          <span aria-live="polite" className="text-sm text-muted">
            {searching ? "Loading…" : ""}
          </span>
        }
        description={`The site's pages, drafts and schedule. Times are the studio's (${clock.timeZone}).`}
        actions={
          tab === settingsTab ? null : (
            <Link to={`/admin/content/new?type=${tab}`} className={buttonClass("primary", "sm")}>
              New {typeLabels[tab].singular.toLowerCase()}
            </Link>
          )
        }
      />
      <ContentTypeTabs
        current={tab}
        tabs={[
          ...contentTypeNames.map((type) => ({
            value: type,
            label: typeLabels[type].plural,
            to: linkFor(type),
          })),
          // Studio-wide: an owner's to change (domain/roles.ts).
          ...(maySaveSettings
            ? [{ value: settingsTab, label: "Site settings", to: linkFor(settingsTab) }]
            : []),
        ]}
      />
      {tab === settingsTab ? (
        loaderData.settings ? (
          <SiteSettingsForm initial={loaderData.settings} />
        ) : (
          <div className="mt-2">
            <FormMessage kind="error">{loaderData.error}</FormMessage>
          </div>
        )
      ) : (
        <>
          <search className="mt-2 flex flex-wrap items-end gap-2">
            <div>
              <label htmlFor={`${ids}-status`} className="text-sm font-semibold">
                Status
              </label>
              <select
                id={`${ids}-status`}
                value={status}
                onChange={(event) =>
                  setParams(
                    (was) => {
                      const next = new URLSearchParams(was);
                      if (event.target.value) next.set("status", event.target.value);
                      else next.delete("status");
                      return next;
                    },
                    { replace: true, preventScrollReset: true },
                  )
                }
                className={compactFieldClass}
              >
                {statusFilters.map((filter) => (
                  <option key={filter.value} value={filter.value}>
                    {filter.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="min-w-[16rem] grow sm:max-w-md">
              <label htmlFor={`${ids}-q`} className="text-sm font-semibold">
                Search {typeLabels[tab].plural.toLowerCase()}
              </label>
              <input
                id={`${ids}-q`}
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                className={compactFieldClass}
              />
            </div>
          </search>
          {loaderData.error ? (
            <div className="mt-2">
              <FormMessage kind="error">{loaderData.error}</FormMessage>
            </div>
          ) : loaderData.entries.length === 0 ? (
            <p className="mt-3 text-muted">
              {q || status ? "Nothing matches." : `No ${typeLabels[tab].plural.toLowerCase()} yet.`}
            </p>
          ) : (
            <ContentList
              entries={loaderData.entries}
              timeZone={clock.timeZone}
              currency={settings?.currency}
              caption={typeLabels[tab].plural}
              // Testimonials and people have no page of their own: no figures to show.
              period={
                contentTypes[tab].publicPath && loaderData.period
                  ? insightRange(loaderData.period.from, loaderData.period.to)
                  : null
              }
            />
          )}
        </>
      )}
    </AdminPage>
  );
}

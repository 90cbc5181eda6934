import type { ContentStatus, ContentType } from "../../../domain/content-entry.ts";
import { authFetch } from "../../session/api.ts";

/**
 * The content studio's API (design.md, "Content studio"), called with the session's access
 * token and one refresh on a 401 (authFetch). Its answers carry what the editor needs beyond
 * the contracts' success shapes (a 400's per-field messages, a 409's who-saved-first), so the
 * calls keep their own result type.
 */

export type EntrySummary = {
  id: string;
  type: ContentType;
  slug: string;
  title: string;
  status: ContentStatus;
  version: number;
  publishAt: string | null;
  publishedAt: string | null;
  updatedAt: string;
  changedSincePublished: boolean;
  url: string | null;
  /** The last 30 days' figures (docs/site.md, "What each entry brings"); null with no live page. */
  stats: { views: number; leads: number; won: number; wonValue: number } | null;
};

/** The days the list's figures cover, YYYY-MM-DD in the owner's zone. */
export type StatsPeriod = { from: string; to: string };

/** An entry as the editor reads it: the type's own fields sit flat beside the common ones. */
export type Entry = {
  id: string;
  type: ContentType;
  slug: string;
  status: ContentStatus;
  version: number;
  publishAt: string | null;
  publishedAt: string | null;
  url: string | null;
  updatedAt: string;
  updatedBy: Person;
  body: string;
  changedSincePublished?: boolean;
} & Record<string, unknown>;

/** Who saved or made a revision, as the API names them; null for the import or a removed account. */
export type Person = { name: string; email: string } | null;
/** A person as a sentence names them: their name, else their e-mail. */
export const personName = (person: Person, fallback: string) =>
  person?.name.trim() || person?.email || fallback;

export type RevisionSummary = { id: string; createdAt: string; author: Person; kind: string };
export type Revision = RevisionSummary & {
  slug: string;
  fields: Record<string, unknown>;
  body: string;
};
export type PreviewLink = { id: string; createdAt: string; expiresAt: string; url?: string };
export type Media = {
  id: string;
  url: string;
  width: number;
  height: number;
  alt: string;
  usedBy?: unknown;
};
export type Conflict = { version: number; updatedAt: string; updatedBy: Person };
export type SocialLink = { label: string; url: string };
export type SiteSettings = {
  studioName: string;
  tagline: string;
  streetAddress: string;
  locality: string;
  region: string;
  postalCode: string;
  country: string;
  phone: string;
  email: string;
  socialLinks: SocialLink[];
  homeHeadline: string;
  homeSubline: string;
  showSampleTestimonials: boolean;
};

/**
 * A call's outcome as a value, never thrown, like ApiResult: status 0 is no answer at all (or
 * no session), which autosave treats as "try again".
 */
export type ContentResult<T> =
  | { ok: true; status: number; data: T }
  | {
      ok: false;
      status: number;
      message: string | null;
      /** Per-field messages of a 400. */
      fields?: Record<string, string>;
      /** Who saved first, on a 409. */
      current?: Conflict;
    };

async function send<T>(method: string, path: string, body?: unknown): Promise<ContentResult<T>> {
  let payload: BodyInit | undefined;
  const headers: Record<string, string> = { accept: "application/json" };
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers["content-type"] = "application/json";
  }
  const response = await authFetch(path, { method, headers, body: payload });
  if (!response) return { ok: false, status: 0, message: null };
  let data: unknown = null;
  if (response.status !== 204) {
    try {
      data = await response.json();
    } catch {
      // A proxy's HTML error page carries no message.
    }
  }
  if (response.ok) return { ok: true, status: response.status, data: data as T };
  const error = (data ?? {}) as { message?: unknown; fields?: unknown; current?: unknown };
  return {
    ok: false,
    status: response.status,
    message: typeof error.message === "string" && error.message.trim() ? error.message : null,
    ...(error.fields && typeof error.fields === "object"
      ? { fields: error.fields as Record<string, string> }
      : {}),
    ...(error.current && typeof error.current === "object"
      ? { current: error.current as Conflict }
      : {}),
  };
}

const entryPath = (id: string) => `/api/content/${encodeURIComponent(id)}`;

export type ListQuery = { type: ContentType; status?: ContentStatus; q?: string };

export const contentApi = {
  list({ type, status, q }: ListQuery) {
    const query = new URLSearchParams({ type });
    if (status) query.set("status", status);
    if (q?.trim()) query.set("q", q.trim());
    return send<{ entries: EntrySummary[]; period: StatsPeriod }>("GET", `/api/content?${query}`);
  },
  create: (fields: Record<string, unknown>) =>
    send<{ entry: Entry }>("POST", "/api/content", fields),
  read: (id: string) => send<{ entry: Entry }>("GET", entryPath(id)),
  save: (id: string, fields: Record<string, unknown> & { version: number }) =>
    send<{ entry: Entry }>("PUT", entryPath(id), fields),
  publish: (id: string, at?: string) =>
    send<{ entry: Entry; url: string }>("POST", `${entryPath(id)}/publish`, at ? { at } : {}),
  unpublish: (id: string) => send<{ entry: Entry }>("POST", `${entryPath(id)}/unpublish`, {}),
  remove: (id: string) => send<null>("DELETE", entryPath(id)),
  revisions: (id: string) =>
    send<{ revisions: RevisionSummary[] }>("GET", `${entryPath(id)}/revisions`),
  revision: (id: string, rid: string) =>
    send<{ revision: Revision }>("GET", `${entryPath(id)}/revisions/${encodeURIComponent(rid)}`),
  restore: (id: string, rid: string) =>
    send<{ entry: Entry }>(
      "POST",
      `${entryPath(id)}/revisions/${encodeURIComponent(rid)}/restore`,
      {},
    ),
  previewLinks: (id: string) =>
    send<{ links: PreviewLink[] }>("GET", `${entryPath(id)}/preview-links`),
  createPreviewLink: (id: string) =>
    send<{ id: string; url: string; expiresAt: string }>(
      "POST",
      `${entryPath(id)}/preview-links`,
      {},
    ),
  revokePreviewLink: (id: string, linkId: string) =>
    send<null>("DELETE", `${entryPath(id)}/preview-links/${encodeURIComponent(linkId)}`),
  siteSettings: () =>
    send<{ settings: SiteSettings; version: number }>("GET", "/api/site-settings"),
  saveSiteSettings: (settings: SiteSettings, version: number) =>
    send<{ settings: SiteSettings; version: number }>("PUT", "/api/site-settings", {
      settings,
      version,
    }),
  media: () => send<{ media: Media[] }>("GET", "/api/media"),
  upload: (file: File, alt: string) => {
    const form = new FormData();
    form.set("file", file);
    form.set("alt", alt);
    return send<{ id: string; url: string; width: number; height: number }>(
      "POST",
      "/api/media",
      form,
    );
  },
};

/** What a failed call says on screen: the server's message, or why there was none. */
export function failureText(result: { status: number; message: string | null }): string {
  if (result.message) return result.message;
  if (result.status === 0) return "Couldn't reach the server. Check your connection and try again.";
  return "Something went wrong on the server. Try again.";
}

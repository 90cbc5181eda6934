import { useId, useState } from "react";
import { Link } from "react-router";
import { type ContentType, contentTypeNames } from "../../../domain/content-entry.ts";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
import { AdminPage, AdminPageHeader } from "../../components/admin/page-header.tsx";
import { FormMessage } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { autosaveLabel } from "../../features/content/autosave.ts";
import { contentApi, type Entry, failureText } from "../../features/content/content-api.ts";
import { titleField, typeLabels } from "../../features/content/content-fields.ts";
import { DeleteEntry } from "../../features/content/delete-entry.tsx";
import { ConflictNotice, KeptText, RestoreOffer } from "../../features/content/editor-notices.tsx";
import { EntryEditorForm } from "../../features/content/entry-editor-form.tsx";
import { NewEntry } from "../../features/content/new-entry.tsx";
import { PreviewPanel } from "../../features/content/preview-panel.tsx";
import { PublishControls } from "../../features/content/publish-controls.tsx";
import { RevisionsPanel } from "../../features/content/revisions-panel.tsx";
import { useEntryEditor } from "../../features/content/use-entry-editor.ts";
import { privateMeta } from "../../seo.ts";
import type { Route } from "./+types/content-entry";

export const meta = () => privateMeta("Edit");

/** /admin/content/new?type=… starts a draft; any other id opens that entry. */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  if (params.id === "new") {
    const raw = new URL(request.url).searchParams.get("type") ?? "post";
    const type = (contentTypeNames as readonly string[]).includes(raw)
      ? (raw as ContentType)
      : "post";
    return { type, entry: null, error: null };
  }
  const result = await contentApi.read(params.id);
  return result.ok
    ? { type: result.data.entry.type, entry: result.data.entry, error: null }
    : { type: null, entry: null, error: failureText(result) };
}

const back = (
  <Link
    to="/admin/content"
    className="text-sm font-semibold text-accent-strong underline underline-offset-4"
  >
    All content
  </Link>
);

/**
 * The content editor (/admin/content/:id): the entry's fields and Markdown body, saved as
 * typed, with publishing, a preview and its revisions beside it. CodeMirror is imported from
 * here only, so it loads with this route and never on a public page.
 */
export default function AdminContentEntry({ loaderData }: Route.ComponentProps) {
  const clock = useOwnerClock();
  if (loaderData.entry)
    return (
      <EntryEditor key={loaderData.entry.id} initial={loaderData.entry} timeZone={clock.timeZone} />
    );
  if (loaderData.type) {
    return (
      <AdminPage>
        <AdminPageHeader
          title={`New ${typeLabels[loaderData.type].singular.toLowerCase()}`}
          actions={back}
        />
        <NewEntry type={loaderData.type} timeZone={clock.timeZone} />
      </AdminPage>
    );
  }
  return (
    <AdminPage>
      <AdminPageHeader title="Content" actions={back} />
      <FormMessage kind="error">{loaderData.error}</FormMessage>
    </AdminPage>
  );
}

function EntryEditor({ initial, timeZone }: { initial: Entry; timeZone: string }) {
  const id = useId();
  const editor = useEntryEditor(initial, timeZone);
  const [side, setSide] = useState<"preview" | "revisions" | null>(null);
  const [restores, setRestores] = useState(0);
  const { entry, draft, saveState } = editor;
  const label = typeLabels[entry.type].singular;
  const name = String(draft.values[titleField(entry.type)] ?? "") || entry.slug;
  const replaced = (next: Entry) => {
    editor.adopt(next);
    // The body editor holds its own document: a new key starts it on the restored text.
    setRestores((n) => n + 1);
  };
  return (
    <AdminPage>
      <AdminPageHeader
        title={name || `Untitled ${label.toLowerCase()}`}
        status={
          <span aria-live="polite" aria-atomic="true" className="text-sm font-semibold text-muted">
            {autosaveLabel(saveState)}
          </span>
        }
        description={label}
        actions={
          <>
            {back}
            <DeleteEntry id={entry.id} type={entry.type} name={name || label} url={entry.url} />
          </>
        }
      />
      {editor.offer ? (
        <RestoreOffer
          copy={editor.offer}
          timeZone={timeZone}
          onRestore={() => {
            editor.restoreOffer();
            setRestores((n) => n + 1);
          }}
          onDiscard={editor.discardOffer}
        />
      ) : null}
      <div role="alert">
        {saveState.conflict ? (
          <ConflictNotice
            conflict={saveState.conflict}
            timeZone={timeZone}
            onLoadTheirs={async () => {
              const error = await editor.loadTheirs();
              if (!error) setRestores((n) => n + 1);
              return error;
            }}
            onOverwrite={editor.overwrite}
          />
        ) : saveState.status === "invalid" && saveState.message ? (
          <FormMessage kind="error">{saveState.message}</FormMessage>
        ) : null}
      </div>
      <div className="mt-2 grid gap-3 min-[1200px]:grid-cols-[minmax(0,1fr)_minmax(22rem,40%)]">
        {/* First in the page, so a phone reaches Publish without scrolling past the whole text;
            beside the form from 1200 px. */}
        <aside
          aria-label="Publishing, preview and history"
          className="grid content-start gap-2 min-[1200px]:col-start-2 min-[1200px]:row-start-1"
        >
          <PublishControls
            entry={entry}
            timeZone={timeZone}
            disabled={
              saveState.status === "saved" ? null : "Publishing waits until your changes are saved."
            }
            onChanged={editor.setEntryMeta}
          />
          <div className="flex flex-wrap gap-1">
            {(["preview", "revisions"] as const).map((panel) => (
              <button
                key={panel}
                type="button"
                aria-expanded={side === panel}
                onClick={() => setSide((was) => (was === panel ? null : panel))}
                className={`${buttonClass(side === panel ? "primary" : "secondary", "sm")} capitalize`}
              >
                {panel}
              </button>
            ))}
          </div>
          {side === "preview" ? <PreviewPanel entryId={entry.id} timeZone={timeZone} /> : null}
          {side === "revisions" ? (
            <RevisionsPanel
              entryId={entry.id}
              currentBody={draft.body}
              timeZone={timeZone}
              onRestored={replaced}
            />
          ) : null}
        </aside>
        <div className="min-w-0 min-[1200px]:col-start-1 min-[1200px]:row-start-1">
          {editor.kept ? <KeptText draft={editor.kept} onDismiss={editor.dismissKept} /> : null}
          <EntryEditorForm
            type={entry.type}
            draft={draft}
            errors={saveState.fields}
            idPrefix={id}
            timeZone={timeZone}
            onChange={editor.setDraft}
            bodyKey={restores}
          />
        </div>
      </div>
    </AdminPage>
  );
}

import { useId, useState } from "react";
import { useModalDialog } from "../../components/admin/modal-dialog.ts";
import { buttonClass } from "../../components/layout.tsx";
import { contentApi, failureText, type Media } from "./content-api.ts";

/**
 * The images already uploaded, to put one in the text as ![alt](url): a modal dialog (focus
 * kept inside, Escape closes, focus returns to the Image button), loaded when opened.
 */
export function MediaPicker({
  open,
  onClose,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (media: Media) => void;
}) {
  const id = useId();
  const [media, setMedia] = useState<Media[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const dialog = useModalDialog(open, onClose, () => {
    setError(null);
    void contentApi.media().then((result) => {
      if (result.ok) setMedia(result.data.media);
      else setError(failureText(result));
    });
  });

  return (
    <dialog
      ref={dialog.ref}
      aria-labelledby={`${id}-title`}
      onClose={dialog.onClose}
      className="m-auto w-[min(48rem,calc(100vw-2rem))] rounded-sm border border-line bg-paper p-3 text-ink shadow-xl backdrop:bg-ink/50"
    >
      {open ? (
        <>
          <div className="flex items-center justify-between gap-2">
            <h2 id={`${id}-title`} className="text-xl font-bold">
              Insert an image
            </h2>
            <button
              type="button"
              onClick={() => dialog.ref.current?.close()}
              className={buttonClass("secondary", "sm")}
            >
              Close
            </button>
          </div>
          <div aria-live="polite">
            {error ? <p className="mt-1 font-semibold text-error">{error}</p> : null}
            {!error && media === null ? <p className="mt-1 text-muted">Loading images…</p> : null}
            {media?.length === 0 ? (
              <p className="mt-1 text-muted">No images yet. Upload them under Media first.</p>
            ) : null}
          </div>
          <UploadForm onUploaded={(item) => setMedia((was) => [item, ...(was ?? [])])} />
          {media?.length ? (
            <ul className="mt-2 grid max-h-[60vh] grid-cols-2 gap-1.5 overflow-y-auto sm:grid-cols-3">
              {media.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => onPick(item)}
                    className="block w-full rounded-sm border border-line p-0.5 text-left hover:border-ink focus-visible:outline-2 focus-visible:outline-accent-strong"
                  >
                    <img
                      src={item.url}
                      alt=""
                      width={item.width}
                      height={item.height}
                      loading="lazy"
                      className="aspect-[4/3] w-full rounded-sm object-cover"
                    />
                    <span className="mt-0.5 block truncate text-sm">
                      {item.alt || "No description"}
                    </span>
                    <span className="sr-only">, insert</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </dialog>
  );
}

/** A new image, with the words a screen reader will say for it, then offered in the list. */
function UploadForm({ onUploaded }: { onUploaded: (media: Media) => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        // React bubbles through the portal: the entry's own form must not see this submit.
        event.stopPropagation();
        const form = event.currentTarget;
        const data = new FormData(form);
        const file = data.get("file");
        const alt = String(data.get("alt") ?? "").trim();
        if (!(file instanceof File) || !file.size) return setSaid("Choose an image first.");
        setBusy(true);
        const result = await contentApi.upload(file, alt);
        setBusy(false);
        if (!result.ok) return setSaid(failureText(result));
        onUploaded({ ...result.data, alt });
        form.reset();
        setSaid("Uploaded. It is first in the list.");
      }}
      className="mt-2 grid items-end gap-1 border-t border-line pt-2 sm:grid-cols-[1fr_1fr_auto]"
    >
      <div>
        <label htmlFor={`${id}-file`} className="text-sm font-semibold">
          Upload an image
        </label>
        <input
          id={`${id}-file`}
          name="file"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="mt-0.5 block w-full text-sm"
        />
      </div>
      <div>
        <label htmlFor={`${id}-alt`} className="text-sm font-semibold">
          What it shows
        </label>
        <input
          id={`${id}-alt`}
          name="alt"
          className="mt-0.5 block w-full rounded-sm border border-ink/25 bg-paper px-1 py-0.5 max-[1023px]:min-h-[44px]"
        />
      </div>
      <button type="submit" disabled={busy} className={buttonClass("secondary", "sm")}>
        {busy ? "Uploading…" : "Upload"}
      </button>
      <p aria-live="polite" className="text-sm font-semibold sm:col-span-3">
        {said}
      </p>
    </form>
  );
}

import { useCallback, useEffect, useId, useState } from "react";
import { formatDateTime } from "../../components/admin/format.ts";
import { buttonClass } from "../../components/layout.tsx";
import { contentApi, failureText, type PreviewLink } from "./content-api.ts";

const widths = { phone: 390, desktop: 1440 } as const;
/** The desktop frame is drawn at this width and scaled down to fit beside the editor. */
const desktopScale = 0.5;

/**
 * The entry as the site will show it, through a share link made when the preview opens: at a
 * phone's width or a desktop's (scaled), with the link to copy and the live links to revoke.
 */
export function PreviewPanel({ entryId, timeZone }: { entryId: string; timeZone: string }) {
  const id = useId();
  const [link, setLink] = useState<{ id: string; url: string; expiresAt: string } | null>(null);
  const [links, setLinks] = useState<PreviewLink[]>([]);
  const [device, setDevice] = useState<keyof typeof widths>("phone");
  const [said, setSaid] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    const result = await contentApi.previewLinks(entryId);
    if (result.ok) setLinks(result.data.links);
  }, [entryId]);

  useEffect(() => {
    let live = true;
    void contentApi.createPreviewLink(entryId).then((result) => {
      if (!live) return;
      if (result.ok) setLink(result.data);
      else setSaid(failureText(result));
      void refresh();
    });
    return () => {
      live = false;
    };
  }, [entryId, refresh]);

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(new URL(link.url, location.origin).href);
      setSaid("Link copied.");
    } catch {
      setSaid("Couldn't copy. Select the link and copy it yourself.");
    }
  }

  async function revoke(linkId: string) {
    const result = await contentApi.revokePreviewLink(entryId, linkId);
    setSaid(result.ok ? "Link revoked: it no longer opens." : failureText(result));
    if (result.ok && link?.id === linkId) setLink(null);
    void refresh();
  }

  const width = widths[device];
  const scale = device === "desktop" ? desktopScale : 1;
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-sm border border-line p-2">
      <div className="flex flex-wrap items-center justify-between gap-1">
        <h2 id={`${id}-title`} className="font-bold">
          Preview
        </h2>
        <fieldset className="flex gap-0.5">
          <legend className="sr-only">Preview width</legend>
          {(Object.keys(widths) as (keyof typeof widths)[]).map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={device === key}
              onClick={() => setDevice(key)}
              className={`${buttonClass(device === key ? "primary" : "secondary", "sm")} capitalize`}
            >
              {key} <span className="font-normal">({widths[key]} px)</span>
            </button>
          ))}
        </fieldset>
      </div>
      <div aria-live="polite" className="mt-1 text-sm font-semibold">
        {said}
      </div>
      {link ? (
        <>
          <div className="mt-1 overflow-auto rounded-sm border border-line bg-paper-dim p-1">
            <div
              style={{ width: width * scale, height: 800 * scale }}
              className="mx-auto overflow-hidden bg-paper"
            >
              <iframe
                title={`Preview at ${width} pixels wide`}
                src={link.url}
                style={{ width, height: 800, transform: `scale(${scale})`, transformOrigin: "0 0" }}
                className="border-0"
              />
            </div>
          </div>
          <div className="mt-1 flex flex-wrap items-center gap-1">
            <button
              type="button"
              onClick={() => void copy()}
              className={buttonClass("secondary", "sm")}
            >
              Copy share link
            </button>
            <span className="text-sm text-muted">
              Expires {formatDateTime(link.expiresAt, timeZone)}
            </span>
          </div>
        </>
      ) : null}
      {links.length ? (
        <>
          <h3 className="mt-2 text-sm font-semibold">Live share links</h3>
          <ul className="mt-0.5 grid gap-0.5">
            {links.map((item) => (
              <li
                key={item.id}
                className="flex flex-wrap items-center justify-between gap-1 text-sm"
              >
                <span>
                  Made {formatDateTime(item.createdAt, timeZone)}, expires{" "}
                  {formatDateTime(item.expiresAt, timeZone)}
                </span>
                <button
                  type="button"
                  onClick={() => void revoke(item.id)}
                  className={buttonClass("secondary", "sm")}
                >
                  Revoke
                  <span className="sr-only">
                    {" "}
                    the link made {formatDateTime(item.createdAt, timeZone)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

import { useId, useState } from "react";
import * as z from "zod/mini";
import { endpointPath, endpoints } from "../../../domain/endpoints.ts";
import { type ImportResult, importResult } from "../../../domain/lead-import.ts";
import { useModalDialog } from "../../components/admin/modal-dialog.ts";
import { buttonClass } from "../../components/layout.tsx";
import { authFetch, authPost, unexpectedAnswer } from "../../session/api.ts";

/**
 * Import leads from a CSV file (docs/integrations.md, "Importing leads"): choose a file, read
 * the dry run, import, and undo from the result. Every outcome is announced in a live region.
 */

type Step =
  | { kind: "choose" }
  | { kind: "preview"; file: File; result: ImportResult }
  | { kind: "done"; result: ImportResult }
  | { kind: "undone"; text: string };

const failed = "The import failed. Check your connection and try again.";
const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

async function send(file: File, dryRun: boolean): Promise<ImportResult | string> {
  const query = new URLSearchParams({ fileName: file.name, ...(dryRun ? { dryRun: "true" } : {}) });
  const response = await authFetch(`${endpointPath(endpoints.importLeads)}?${query}`, {
    method: "POST",
    headers: { "content-type": "text/csv" },
    body: file,
  });
  if (!response) return failed;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (body as { message?: unknown } | null)?.message;
    return typeof message === "string" ? message : failed;
  }
  const parsed = z.safeParse(importResult, body);
  return parsed.success ? parsed.data : unexpectedAnswer;
}

function Summary({ result, done }: { result: ImportResult; done: boolean }) {
  const { columns } = result;
  return (
    <div className="mt-1 grid gap-1 text-sm">
      <p>
        {done ? "Imported: " : "This file has "}
        {plural(result.new, "new lead")}, {plural(result.updated, "lead")} to update,{" "}
        {plural(result.unchanged, "row")} with nothing new
        {result.invalidTotal ? `, ${plural(result.invalidTotal, "invalid row")}` : ""}.
      </p>
      {columns.unknown.length ? (
        <p className="break-words text-muted">
          Not imported (columns not recognised): {columns.unknown.join(", ")}.
        </p>
      ) : null}
      {result.invalid.length ? (
        <details>
          <summary className="cursor-pointer font-semibold">
            Invalid rows ({result.invalidTotal.toLocaleString("en-US")})
          </summary>
          <ul className="mt-0.5 max-h-40 overflow-y-auto break-words">
            {result.invalid.map((row) => (
              <li key={row.line}>
                Line {row.line}: {row.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

/** The "Import" button of the Leads header and its dialog. */
export function ImportButton() {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>({ kind: "choose" });
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  const id = useId();
  const dialog = useModalDialog(open, () => setOpen(false));

  const start = () => {
    setStep({ kind: "choose" });
    setSaid(null);
    setOpen(true);
  };

  const check = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get("file");
    if (!(file instanceof File) || !file.size) return setSaid("Choose a CSV file first.");
    setBusy(true);
    setSaid("Reading the file…");
    const result = await send(file, true);
    setBusy(false);
    if (typeof result === "string") return setSaid(result);
    setSaid(null);
    setStep({ kind: "preview", file, result });
  };

  const run = async (file: File) => {
    setBusy(true);
    setSaid("Importing…");
    const result = await send(file, false);
    setBusy(false);
    if (typeof result === "string") return setSaid(result);
    setSaid("The import is done.");
    setStep({ kind: "done", result });
  };

  const undo = async (batchId: string) => {
    setBusy(true);
    const result = await authPost(endpoints.undoImport, {}, { params: { id: batchId } });
    setBusy(false);
    if (!result.ok) return setSaid(result.error ?? failed);
    const { removed, reverted, notReverted } = result.data;
    setSaid(null);
    setStep({
      kind: "undone",
      text:
        `Import undone: ${plural(removed, "lead")} removed, ${plural(reverted, "lead")} put back` +
        (notReverted
          ? `; ${plural(notReverted, "lead")} changed since were left as they are.`
          : "."),
    });
  };

  return (
    <>
      <button type="button" onClick={start} className={buttonClass("secondary", "sm")}>
        Import
      </button>
      <dialog
        ref={dialog.ref}
        aria-labelledby={`${id}-title`}
        onClose={dialog.onClose}
        className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-sm border border-line bg-paper p-3 text-ink shadow-xl backdrop:bg-ink/50"
      >
        {open ? (
          <>
            <h2 id={`${id}-title`} className="text-xl font-bold">
              Import leads
            </h2>
            {step.kind === "choose" ? (
              <form onSubmit={check} className="mt-1 grid gap-1">
                <p className="text-sm text-muted">
                  A CSV file with an e-mail column (the tracker's export, HubSpot, Pipedrive, a
                  spreadsheet), up to 10 MB and 50,000 rows. You will see what it does first.
                </p>
                <label htmlFor={`${id}-file`} className="text-sm font-semibold">
                  CSV file
                </label>
                <input
                  id={`${id}-file`}
                  name="file"
                  type="file"
                  accept=".csv,text/csv"
                  className="block w-full text-sm"
                />
                <div className="flex flex-wrap justify-end gap-1">
                  <button
                    type="button"
                    onClick={() => dialog.ref.current?.close()}
                    className={buttonClass("secondary", "sm")}
                  >
                    Cancel
                  </button>
                  <button type="submit" disabled={busy} className={buttonClass("primary", "sm")}>
                    Check the file
                  </button>
                </div>
              </form>
            ) : null}
            {step.kind === "preview" ? (
              <>
                <Summary result={step.result} done={false} />
                <div className="mt-2 flex flex-wrap justify-end gap-1">
                  <button
                    type="button"
                    onClick={() => setStep({ kind: "choose" })}
                    className={buttonClass("secondary", "sm")}
                  >
                    Choose another file
                  </button>
                  <button
                    type="button"
                    disabled={busy || step.result.new + step.result.updated === 0}
                    onClick={() => run(step.file)}
                    className={buttonClass("primary", "sm")}
                  >
                    Import {plural(step.result.new + step.result.updated, "lead")}
                  </button>
                </div>
              </>
            ) : null}
            {step.kind === "done" ? (
              <>
                <Summary result={step.result} done />
                <div className="mt-2 flex flex-wrap justify-end gap-1">
                  {step.result.batchId ? (
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => undo(step.result.batchId ?? "")}
                      className={buttonClass("secondary", "sm")}
                    >
                      Undo import
                    </button>
                  ) : null}
                  <button
                    type="button"
                    onClick={() => dialog.ref.current?.close()}
                    className={buttonClass("primary", "sm")}
                  >
                    Done
                  </button>
                </div>
              </>
            ) : null}
            {step.kind === "undone" ? (
              <div className="mt-2 flex flex-wrap justify-end gap-1">
                <button
                  type="button"
                  onClick={() => dialog.ref.current?.close()}
                  className={buttonClass("primary", "sm")}
                >
                  Close
                </button>
              </div>
            ) : null}
            <p aria-live="polite" className="mt-1 min-h-3 text-sm font-semibold">
              {step.kind === "undone" ? step.text : said}
            </p>
          </>
        ) : null}
      </dialog>
    </>
  );
}

import { useId } from "react";
import { adminSectionTitleClass } from "../../components/admin/page-header.tsx";
import { buttonClass } from "../../components/layout.tsx";

export type Column<Row> = {
  label: string;
  value: (row: Row) => string | number;
  /** Shown in the table this way; the CSV keeps the plain value. */
  show?: (row: Row) => string;
  numeric?: boolean;
};

const csvCell = (value: string | number) => {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** Downloads rows as CSV (a spreadsheet's formula characters neutralised, as the export does). */
function download<Row>(name: string, columns: Column<Row>[], rows: Row[]) {
  const lines = [
    columns.map((c) => csvCell(c.label)),
    ...rows.map((r) => columns.map((c) => csvCell(c.value(r)))),
  ];
  const blob = new Blob([`\uFEFF${lines.map((l) => l.join(",")).join("\r\n")}\r\n`], {
    type: "text/csv",
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A table of the insights, with its CSV one click away. */
export function InsightTable<Row>({
  title,
  description,
  columns,
  rows,
  file,
  empty,
}: {
  title: string;
  description?: string;
  columns: Column<Row>[];
  rows: Row[];
  file: string;
  empty: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-sm border border-line bg-white/60 p-2">
      <div className="flex flex-wrap items-baseline justify-between gap-1">
        <h2 id={id} className={adminSectionTitleClass}>
          {title}
        </h2>
        <button
          type="button"
          disabled={rows.length === 0}
          onClick={() => download(file, columns, rows)}
          className={buttonClass("secondary", "sm")}
        >
          Export CSV<span className="sr-only"> of {title}</span>
        </button>
      </div>
      {description ? <p className="text-sm text-muted">{description}</p> : null}
      {rows.length === 0 ? (
        <p className="mt-1 text-muted">{empty}</p>
      ) : (
        // Scrolls on a phone; focusable so the keyboard can scroll it too.
        <section
          aria-label={`${title}, the table`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
          tabIndex={0}
          className="mt-1 overflow-x-auto focus-visible:outline-2 focus-visible:outline-accent-strong"
        >
          <table className="w-full text-sm">
            <thead>
              <tr>
                {columns.map((c) => (
                  <th
                    key={c.label}
                    scope="col"
                    className={`pb-0.5 whitespace-nowrap ${c.numeric ? "pl-2 text-right" : "text-left"}`}
                  >
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
                <tr key={i} className="border-t border-line">
                  {columns.map((c, j) =>
                    j === 0 ? (
                      <th
                        key={c.label}
                        scope="row"
                        className="max-w-[16rem] truncate py-0.5 text-left font-normal"
                      >
                        {c.show ? c.show(row) : c.value(row)}
                      </th>
                    ) : (
                      <td
                        key={c.label}
                        className={`py-0.5 whitespace-nowrap ${c.numeric ? "pl-2 text-right tabular-nums" : ""}`}
                      >
                        {c.show ? c.show(row) : c.value(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}

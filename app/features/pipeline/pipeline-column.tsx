import { useDroppable } from "@dnd-kit/core";
import type { LeadStatus } from "../../../domain/lead-record.ts";
import { type PipelineColumn as Column, columnTitle } from "../../../domain/pipeline.ts";
import { formatMoney } from "../../components/admin/format.ts";
import { PipelineCard } from "./pipeline-card.tsx";

/**
 * One status's column: its name, count and total value, and its cards. A place to drop a card
 * (highlighted while one is over it), sized to scroll sideways one column at a time on a phone.
 */
export function PipelineColumn({
  column,
  currency,
  staleDays,
  closedDays,
  now,
  today,
  saving,
}: {
  column: Column;
  currency: string;
  staleDays: number;
  closedDays: number;
  now: Date;
  today: string;
  saving: ReadonlySet<string>;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column.LeadStatus });
  const closed = column.LeadStatus === "CONVERTED" || column.LeadStatus === "ABANDONED";
  const headingId = `column-${column.LeadStatus}`;
  return (
    <section
      ref={setNodeRef}
      id={`pipeline-${column.LeadStatus}`}
      tabIndex={-1}
      aria-labelledby={headingId}
      data-column={column.LeadStatus}
      className={`flex w-[85vw] max-w-[24rem] shrink-0 snap-start flex-col rounded-sm border p-1 outline-offset-2 transition-colors motion-reduce:transition-none min-[1024px]:w-auto min-[1024px]:max-w-none ${
        isOver ? "border-accent-strong bg-[#fff1e8]" : "border-line bg-paper-dim/50"
      }`}
    >
      <header className="px-0.5 pb-1">
        <h2 id={headingId} className="flex items-baseline justify-between gap-1">
          <span className="text-lg font-bold">{columnTitle[column.LeadStatus as LeadStatus]}</span>
          <span className="text-sm text-muted">
            {column.count.toLocaleString("en-US")} {column.count === 1 ? "lead" : "leads"}
          </span>
        </h2>
        <p className="font-semibold tabular-nums">{formatMoney(column.value, currency)}</p>
        {closed ? <p className="text-sm text-muted">Closed in the last {closedDays} days</p> : null}
      </header>
      <ul className="grid gap-0.5">
        {column.cards.map((card) => (
          <PipelineCard
            key={card.ID}
            card={card}
            currency={currency}
            staleDays={staleDays}
            now={now}
            today={today}
            saving={saving.has(card.ID)}
          />
        ))}
      </ul>
      {column.count > column.cards.length ? (
        <p className="mt-1 px-0.5 text-sm text-muted">
          {column.count - column.cards.length} more not shown: search or filter to find them.
        </p>
      ) : column.cards.length === 0 ? (
        <p className="px-0.5 text-sm text-muted">No leads here.</p>
      ) : null}
    </section>
  );
}

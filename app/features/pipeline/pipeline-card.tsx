import { useDraggable } from "@dnd-kit/core";
import { memo } from "react";
import { dayLabel } from "../../../domain/dates.ts";
import { type PipelineCard as Card, isStale } from "../../../domain/pipeline.ts";
import { formatMoney } from "../../components/admin/format.ts";
import { OwnerBadge } from "../lead/owner-badge.tsx";

const daysBetween = (from: string, to: Date) =>
  Math.max(0, Math.floor((to.getTime() - Date.parse(from)) / 86_400_000));
const ageText = (days: number) => (days === 0 ? "today" : days === 1 ? "1 day" : `${days} days`);

/**
 * A lead on the board: name, value, age, next follow-up, source, and "Stale" when an open
 * lead has not changed for STALE_DAYS. A button to pick up: by pointer, or by keyboard (Space,
 * the arrow keys to a column, Space to drop, Escape to put back).
 */
export const PipelineCard = memo(function PipelineCard({
  card,
  currency,
  staleDays,
  now,
  today,
  saving,
}: {
  card: Card;
  currency: string;
  staleDays: number;
  now: Date;
  today: string;
  saving: boolean;
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: card.ID,
    data: { card },
  });
  const name = `${card.FirstName} ${card.LastName}`.trim();
  const stale = isStale(card, now, staleDays);
  const age = daysBetween(card.CreatedAt, now);
  return (
    <li
      ref={setNodeRef}
      style={
        transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined
      }
      className={`${isDragging ? "relative z-10 shadow-lg" : ""} ${saving ? "opacity-70" : ""}`}
    >
      <button
        type="button"
        {...attributes}
        {...listeners}
        aria-roledescription="card"
        aria-describedby="pipeline-instructions"
        data-card-id={card.ID}
        className={`block w-full touch-manipulation rounded-sm border bg-white p-1 text-left transition-shadow motion-reduce:transition-none ${
          stale ? "border-[#b3400f]/60" : "border-line"
        } hover:shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-strong`}
      >
        <span className="flex items-baseline justify-between gap-1">
          <span className="min-w-0 truncate font-semibold">{name || card.Email}</span>
          <span className="shrink-0 font-semibold tabular-nums">
            {card.Value === null ? (
              <span className="text-sm font-normal text-muted">No value</span>
            ) : (
              formatMoney(card.Value, currency)
            )}
          </span>
        </span>
        <span className="mt-0.5 flex items-center justify-between gap-1 text-sm text-muted">
          <span className="flex min-w-0 flex-wrap gap-x-1">
            <span>{ageText(age)} old</span>
            {card.Source ? <span>· {card.Source}</span> : null}
          </span>
          <OwnerBadge lead={card} />
        </span>
        <span className="mt-0.5 flex flex-wrap items-center gap-0.5 text-sm">
          {card.NextFollowUp ? (
            <span
              className={card.NextFollowUp <= today ? "font-semibold text-error" : "text-ink-soft"}
            >
              Follow up {dayLabel(card.NextFollowUp, today)}
            </span>
          ) : null}
          {stale ? (
            <span
              className="rounded-sm border border-[#b3400f] px-0.5 font-semibold text-[#8a2f08]"
              data-stale
            >
              Stale · {daysBetween(card.UpdatedAt, now)} days unchanged
            </span>
          ) : null}
        </span>
      </button>
    </li>
  );
});

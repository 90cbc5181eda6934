import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  rectIntersection,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { useMemo, useRef } from "react";
import type { LeadStatus } from "../../../domain/lead-record.ts";
import {
  type PipelineBoard as Board,
  columnTitle,
  type PipelineCard,
} from "../../../domain/pipeline.ts";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
import { columnByColumn } from "./board-keys.ts";
import { PipelineColumn } from "./pipeline-column.tsx";
import { useBoard } from "./use-board.ts";

const nameOf = (card: PipelineCard | undefined) =>
  card ? `${card.FirstName} ${card.LastName}`.trim() || card.Email : "The lead";
const cardIn = (data: { current?: Record<string, unknown> } | undefined) =>
  data?.current?.card as PipelineCard | undefined;
const titleOf = (id: unknown) => columnTitle[id as LeadStatus] ?? String(id);

/**
 * What a screen reader hears while a card is moved, in the owner's words. Being over its own
 * column is said only once it has been elsewhere, so the pick-up's instructions are heard.
 */
function boardAnnouncements(moved: { current: boolean }): Announcements {
  return {
    onDragStart: ({ active }) => {
      moved.current = false;
      return `Picked up ${nameOf(cardIn(active.data))}, in ${titleOf(cardIn(active.data)?.LeadStatus)}. Left and right arrows choose a column, Space drops it there, Escape puts it back.`;
    },
    onDragOver: ({ active, over }) => {
      const card = cardIn(active.data);
      if (over?.id === card?.LeadStatus && !moved.current) return undefined;
      moved.current = true;
      return over
        ? `${nameOf(card)} is over ${titleOf(over.id)}.`
        : `${nameOf(card)} is over no column.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(cardIn(active.data))} dropped in ${titleOf(over.id)}.`
        : `${nameOf(cardIn(active.data))} put back.`,
    onDragCancel: ({ active }) =>
      `Moving canceled: ${nameOf(cardIn(active.data))} stays where it was.`,
  };
}

/**
 * The pipeline board: a column per LeadStatus, cards moved between them by pointer (drag and
 * drop) or keyboard (Space to pick up, the arrows, Space to drop), each move saved as the
 * ordinary lead update and said in the live region.
 */
export function PipelineBoard({ board }: { board: Board }) {
  const clock = useOwnerClock();
  const { columns, saving, message, move } = useBoard(board);
  const moved = useRef(false);
  const announcements = useMemo(() => boardAnnouncements(moved), []);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnByColumn }),
  );
  function onDragEnd({ active, over }: DragEndEvent) {
    const card = cardIn(active.data);
    if (card && over) void move(card, over.id as LeadStatus);
  }
  return (
    <>
      <p id="pipeline-instructions" className="sr-only">
        To move a lead, press Space, choose a column with the left and right arrow keys, and press
        Space again. Escape puts it back.
      </p>
      {/* A column a few keys away, however many cards come before it. */}
      <nav aria-label="Columns" className="mt-1 flex flex-wrap gap-x-1.5 text-sm">
        {columns.map((column) => (
          <a
            key={column.LeadStatus}
            href={`#pipeline-${column.LeadStatus}`}
            className="inline-flex min-h-[44px] items-center font-semibold text-accent-strong underline underline-offset-4 min-[1024px]:min-h-0"
          >
            {columnTitle[column.LeadStatus]} ({column.count})
          </a>
        ))}
      </nav>
      <div aria-live="polite" aria-atomic="true" className="min-h-3 text-sm font-semibold">
        {message ? (
          <p className={message.kind === "success" ? "text-success" : "text-error"}>
            {message.text}
          </p>
        ) : null}
      </div>
      <DndContext
        sensors={sensors}
        collisionDetection={rectIntersection}
        accessibility={{ announcements, screenReaderInstructions: { draggable: "" } }}
        onDragEnd={onDragEnd}
      >
        <div
          data-board
          className="-mx-2 flex snap-x snap-mandatory scroll-px-2 gap-1 overflow-x-auto px-2 pb-2 md:-mx-3 md:px-3 min-[1024px]:grid min-[1024px]:grid-cols-5 min-[1024px]:overflow-visible"
        >
          {columns.map((column) => (
            <PipelineColumn
              key={column.LeadStatus}
              column={column}
              currency={board.currency}
              staleDays={board.staleDays}
              closedDays={board.closedDays}
              now={clock.now}
              today={clock.today}
              saving={saving}
            />
          ))}
        </div>
      </DndContext>
    </>
  );
}

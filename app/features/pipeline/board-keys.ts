import { KeyboardCode, type KeyboardCoordinateGetter } from "@dnd-kit/core";
import type { LeadStatus } from "../../../domain/lead-record.ts";
import { pipelineColumns } from "../../../domain/pipeline.ts";

/**
 * A card picked up by keyboard moves a whole column at a time: Left and Right go to the
 * column beside the one it is over (Up and Down do nothing: a column's order is by date). The
 * coordinates put the card near the top of that column, where the drop finds it.
 */
export const columnByColumn: KeyboardCoordinateGetter = (
  event,
  { context: { active, over, droppableRects, collisionRect } },
) => {
  const step = event.code === KeyboardCode.Right ? 1 : event.code === KeyboardCode.Left ? -1 : 0;
  if (event.code === KeyboardCode.Up || event.code === KeyboardCode.Down) event.preventDefault();
  if (step === 0 || !active || !collisionRect) return undefined;
  event.preventDefault();
  const from = (over?.id ?? active.data.current?.card?.LeadStatus) as LeadStatus | undefined;
  const index = from ? pipelineColumns.indexOf(from) : -1;
  const next = pipelineColumns[index + step];
  const rect = next ? droppableRects.get(next) : undefined;
  if (!rect) return undefined;
  return { x: rect.left + (rect.width - collisionRect.width) / 2, y: rect.top + 48 };
};

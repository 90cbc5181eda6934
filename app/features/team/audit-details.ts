/**
 * An audit entry's details in words, one line each: "LeadStatus: WARM → HOT", "Notes changed",
 * "leads: 3". Values come as they were recorded; nothing here is a lead's personal data.
 */
export function detailLines(details: Record<string, unknown> | null): string[] {
  if (!details) return [];
  const lines: string[] = [];
  const shown = (value: unknown) =>
    value === null || value === undefined || value === ""
      ? "—"
      : typeof value === "object"
        ? JSON.stringify(value)
        : String(value);
  for (const [key, value] of Object.entries(details)) {
    if (key === "changed" && value && typeof value === "object") {
      for (const [field, change] of Object.entries(value as Record<string, unknown>)) {
        const { before, after } = (change ?? {}) as { before?: unknown; after?: unknown };
        lines.push(`${field}: ${shown(before)} → ${shown(after)}`);
      }
    } else if (key === "notesChanged") lines.push("Notes changed");
    else if (Array.isArray(value)) lines.push(`${key}: ${value.length}`);
    else if (value && typeof value === "object" && "before" in value && "after" in value) {
      const { before, after } = value as { before: unknown; after: unknown };
      lines.push(`${key}: ${shown(before)} → ${shown(after)}`);
    } else if (value !== undefined) lines.push(`${key}: ${shown(value)}`);
  }
  return lines;
}

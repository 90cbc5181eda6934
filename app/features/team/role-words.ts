import type { TeamRole } from "../../../domain/roles.ts";

/** Each role as the team screen names and explains it (docs/product.md, "Roles"). */
export const roleChoices: ReadonlyArray<{ role: TeamRole; label: string; what: string }> = [
  { role: "owner", label: "Owner", what: "Everything, including the team and studio settings" },
  { role: "member", label: "Member", what: "Leads, conversations, bookings, pipeline, content" },
  { role: "editor", label: "Editor", what: "The site's content and media only" },
];

export const roleLabel = (role: TeamRole) =>
  roleChoices.find((choice) => choice.role === role)?.label ?? role;

import { createContext, useContext } from "react";
import type { LeadOwner } from "../../../domain/team.ts";

/**
 * Who a lead can be given to (GET /api/team/lead-owners, read once by the admin layout for
 * the roles that work leads), and who is signed in, for "Mine" and "(you)". Empty for an
 * editor, and while unknown (the list could not be read): a lead's owner then shows by name
 * only where the list knows it.
 */
export type LeadOwnersValue = {
  readonly me: string;
  readonly people: readonly LeadOwner[];
};

const LeadOwnersContext = createContext<LeadOwnersValue>({ me: "", people: [] });
export const LeadOwnersProvider = LeadOwnersContext.Provider;
export const useLeadOwners = () => useContext(LeadOwnersContext);

/** "Mia Lopes", or the e-mail when the name is empty. */
export const ownerName = (person: LeadOwner) =>
  `${person.firstName} ${person.lastName}`.trim() || person.email;

/** Two letters for a small badge: "ML". */
export const ownerInitials = (person: LeadOwner) => {
  const letters = `${person.firstName.charAt(0)}${person.lastName.charAt(0)}`.trim();
  return (letters || person.email.charAt(0)).toUpperCase();
};

/** The person a lead's AssignedTo names, when they are still on the team. */
export function useOwnerOf(assignedTo: string | null | undefined): LeadOwner | undefined {
  const { people } = useLeadOwners();
  return assignedTo ? people.find((person) => person.id === assignedTo) : undefined;
}

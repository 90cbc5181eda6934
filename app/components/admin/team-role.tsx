import { createContext, useContext } from "react";
import { mayCall, type TeamEndpoint, type TeamRole } from "../../../domain/roles.ts";

/**
 * The signed-in person's role on the team (the admin check's answer, read by the admin layout),
 * so a screen offers only what the role may do. The server enforces the same table on every
 * call (domain/roles.ts); hiding a control is never the protection.
 */
const RoleContext = createContext<TeamRole>("owner");
export const TeamRoleProvider = RoleContext.Provider;
export const useTeamRole = () => useContext(RoleContext);
/** Whether the signed-in role may call `endpoint`. */
export const useMayCall = (endpoint: TeamEndpoint) => mayCall(useContext(RoleContext), endpoint);

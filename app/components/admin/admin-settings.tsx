import { createContext, useContext } from "react";
import type { AdminSettings } from "../../../domain/admin-settings.ts";

/**
 * What the admin screens know of the server's setup (GET /api/settings, read once by the
 * admin layout): whether e-mail can be sent and replies read, whether a calendar is connected.
 * Null while unknown (the settings could not be read).
 */
const SettingsContext = createContext<AdminSettings | null>(null);
export const AdminSettingsProvider = SettingsContext.Provider;
export const useAdminSettings = () => useContext(SettingsContext);

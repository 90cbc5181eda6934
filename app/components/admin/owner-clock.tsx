import { createContext, useContext, useEffect, useState } from "react";
import { type CalendarDate, isTimeZone, todayIn } from "../../../domain/dates.ts";

/**
 * The owner's clock in the admin screens: their time zone (TIMEZONE, from /api/settings) and
 * today's date there, which moves on at their midnight while a page stays open. Due badges,
 * quick dates and every date shown are worked out from it, so the screen agrees with the
 * server about what is due, whatever the browser's own zone.
 */
export type OwnerClock = {
  readonly timeZone: string;
  readonly today: CalendarDate;
  readonly now: Date;
};

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

const OwnerZone = createContext<string | null>(null);

/** Re-renders every `intervalMs` with the current time (a minute by default). */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function OwnerClockProvider({
  timeZone,
  children,
}: {
  timeZone: string | null;
  children: React.ReactNode;
}) {
  return <OwnerZone.Provider value={timeZone}>{children}</OwnerZone.Provider>;
}

export function useOwnerClock(): OwnerClock {
  const owner = useContext(OwnerZone);
  // A zone this browser's Intl does not know (an old browser, a new zone) falls back to its own.
  const timeZone = owner && isTimeZone(owner) ? owner : browserZone();
  const now = useNow();
  return { timeZone, today: todayIn(timeZone, now), now };
}

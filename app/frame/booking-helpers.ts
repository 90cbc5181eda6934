import { addDays, weekdayOf } from "../../domain/dates.ts";
import { formMessageClass } from "../../domain/form-message.ts";

/**
 * What the booking island's views share (ADR 022): building DOM, the one live region, dates
 * in the visitor's zone, and the booking page's address. Only the booking island imports it, so
 * it stays in that one script (a module two islands share becomes a chunk of its own, one more
 * request on /book). The views take the address from here, after the dates: the modules then
 * bundle in the order the island had as one file, which compresses a few bytes smaller.
 */
export { bookHref } from "../components/nav-items.ts";

const locale = "en-US";
export const json = { "content-type": "application/json", accept: "application/json" };

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props))
    if (value !== undefined) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** The one live region: a success is a status, an error an alert, each announced once. */
export function say(region: HTMLElement, kind: "success" | "error" | null, text = "") {
  region.replaceChildren(
    kind
      ? el(
          "p",
          { role: kind === "error" ? "alert" : "status", class: formMessageClass[kind] },
          text,
        )
      : "",
  );
}

export const zoneLabel = (zone: string) => zone.replaceAll("_", " ");
export const detectedZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
};
/** Formats are costly to make and a week shows a hundred times: one per zone and options. */
const formats = new Map<string, Intl.DateTimeFormat>();
export const format = (iso: string, zone: string, options: Intl.DateTimeFormatOptions) => {
  const key = `${zone} ${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { timeZone: zone, ...options });
    formats.set(key, made);
  }
  return made.format(new Date(iso));
};
export const longTime = (iso: string, zone: string) =>
  format(iso, zone, {
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  });
/** Monday of the week a `YYYY-MM-DD` day falls in. */
export const mondayOf = (day: string) => addDays(day, -((weekdayOf(day) + 6) % 7));
/** A calendar day's name: noon UTC of that date, named in UTC, is that date everywhere. */
export const dayName = (day: string, options: Intl.DateTimeFormatOptions) =>
  format(`${day}T12:00:00Z`, "UTC", options);

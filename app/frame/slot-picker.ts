import type { SlotsResponse } from "../../domain/booking.ts";
import { addDays, wallClock } from "../../domain/dates.ts";
import { formMessageClass } from "../../domain/form-message.ts";
import { dayName, detectedZone, el, format, json, mondayOf, zoneLabel } from "./booking-helpers.ts";

export type Slot = SlotsResponse["slots"][number];

/**
 * The picker: weeks of days with free times, then the times of the chosen day, in the
 * visitor's zone, which `zoneSelect` changes and `zoneName` names. `onChange` hears the
 * chosen slot (or null).
 */
export function createPicker(
  container: HTMLElement,
  { zoneSelect, zoneName }: { zoneSelect: HTMLSelectElement; zoneName: HTMLElement },
  onChange: (slot: Slot | null, zone: string) => void,
) {
  let slots: Slot[] = [];
  /** The rest of the last answer: the call's length and where it happens. */
  let about: Pick<SlotsResponse, "length" | "location"> | null = null;
  let zone = detectedZone();
  /** The free times by the visitor's day, made again only when the times or the zone change. */
  let byDay = new Map<string, Slot[]>();
  let week = "";
  let day = "";
  let chosen: Slot | null = null;

  const nav = el("div", { class: "booking-week" });
  const previous = el(
    "button",
    { type: "button", class: "booking-step", "aria-label": "Previous week" },
    "Previous",
  );
  const next = el(
    "button",
    { type: "button", class: "booking-step", "aria-label": "Next week" },
    "Next",
  );
  const weekLabel = el("p", { class: "booking-strong", "aria-live": "polite" });
  nav.append(previous, weekLabel, next);
  const days = el("fieldset", { class: "booking-days" });
  const times = el("fieldset", { class: "booking-times" });
  const empty = el("p", { class: "booking-empty" });

  const groupByDay = () => {
    byDay = new Map();
    for (const slot of slots) {
      const key = wallClock(new Date(slot.start), zone).date;
      byDay.set(key, [...(byDay.get(key) ?? []), slot]);
    }
  };

  function renderTimes() {
    const list = byDay.get(day) ?? [];
    if (!list.length) {
      times.hidden = true;
      return;
    }
    times.hidden = false;
    times.replaceChildren(
      el(
        "legend",
        { class: "booking-legend" },
        `Times on ${dayName(day, { weekday: "long", day: "numeric", month: "long" })}`,
      ),
      el(
        "div",
        { class: "booking-grid" },
        ...list.map((slot) => {
          const input = el("input", { type: "radio", name: "slot", value: slot.start });
          input.checked = chosen?.start === slot.start;
          input.addEventListener("change", () => choose(slot));
          return el(
            "label",
            { class: "booking-chip" },
            input,
            el("span", {}, format(slot.start, zone, { hour: "numeric", minute: "2-digit" })),
          );
        }),
      ),
    );
  }

  function choose(slot: Slot | null) {
    chosen = slot;
    onChange(slot, zone);
  }

  function render() {
    const first = [...byDay.keys()][0];
    const last = [...byDay.keys()].at(-1);
    if (!first || !last) {
      container.replaceChildren(
        el(
          "p",
          { class: "booking-empty" },
          "No free times in the coming weeks. Send us a message instead and we'll find one together.",
        ),
        el("a", { href: "/home#contact-us", class: "booking-link" }, "Write to us"),
      );
      container.removeAttribute("aria-busy");
      return;
    }
    if (!week || week < mondayOf(first)) week = mondayOf(first);
    if (week > mondayOf(last)) week = mondayOf(last);
    const weekDays = Array.from({ length: 7 }, (_, i) => addDays(week, i));
    if (!byDay.has(day) || !weekDays.includes(day)) day = weekDays.find((d) => byDay.has(d)) ?? "";
    if (chosen && !slots.some((s) => s.start === chosen?.start)) choose(null);
    weekLabel.textContent = `${dayName(week, { day: "numeric", month: "short" })} – ${dayName(
      addDays(week, 6),
      { day: "numeric", month: "short" },
    )}`;
    previous.disabled = week <= mondayOf(first);
    next.disabled = week >= mondayOf(last);
    days.replaceChildren(
      el("legend", { class: "booking-legend" }, "Day"),
      el(
        "div",
        { class: "booking-grid booking-grid-days" },
        ...weekDays.map((d) => {
          const count = byDay.get(d)?.length ?? 0;
          const input = el("input", { type: "radio", name: "day", value: d });
          input.checked = d === day;
          input.disabled = count === 0;
          input.addEventListener("change", () => {
            day = d;
            renderTimes();
          });
          return el(
            "label",
            { class: "booking-chip booking-day" },
            input,
            el("span", { class: "booking-strong" }, dayName(d, { weekday: "short" })),
            el("span", {}, dayName(d, { day: "numeric", month: "short" })),
            el(
              "span",
              { class: "booking-count" },
              count ? `${count} ${count === 1 ? "time" : "times"}` : "None",
            ),
          );
        }),
      ),
    );
    empty.hidden = Boolean(day);
    empty.textContent = "No free times this week. Try the next one.";
    renderTimes();
    if (!container.contains(nav)) container.replaceChildren(nav, days, empty, times);
    container.removeAttribute("aria-busy");
  }

  const step = (by: number) => {
    week = addDays(week, 7 * by);
    day = "";
    render();
    // A button that just turned disabled would drop focus: hand it to the week's first day.
    if (document.activeElement instanceof HTMLButtonElement && document.activeElement.disabled)
      days.querySelector<HTMLInputElement>("input:checked, input:not(:disabled)")?.focus();
  };
  previous.addEventListener("click", () => step(-1));
  next.addEventListener("click", () => step(1));

  function fillZones() {
    let zones: string[] = [];
    try {
      zones = Intl.supportedValuesOf("timeZone");
    } catch {}
    if (!zones.includes(zone)) zones.unshift(zone);
    zoneSelect.replaceChildren(...zones.map((z) => el("option", { value: z }, zoneLabel(z))));
    zoneSelect.value = zone;
    zoneName.textContent = zoneLabel(zone);
    zoneSelect.addEventListener("change", () => {
      zone = zoneSelect.value;
      zoneName.textContent = zoneLabel(zone);
      day = "";
      week = "";
      groupByDay();
      render();
      onChange(chosen, zone);
    });
  }

  async function load(): Promise<boolean> {
    container.setAttribute("aria-busy", "true");
    try {
      const response = await fetch("/api/booking/slots", { headers: json, cache: "no-store" });
      if (!response.ok) throw new Error(String(response.status));
      const answer = (await response.json()) as SlotsResponse;
      slots = answer.slots;
      about = { length: answer.length, location: answer.location };
      groupByDay();
      render();
      return true;
    } catch {
      const retry = el("button", { type: "button", class: "booking-step" }, "Try again");
      retry.addEventListener("click", () => {
        void load().then((ok) => ok && focusChoice());
      });
      container.replaceChildren(
        el(
          "p",
          { role: "alert", class: formMessageClass.error },
          "We couldn't load the free times.",
        ),
        retry,
      );
      container.removeAttribute("aria-busy");
      return false;
    }
  }

  /** Puts focus on the choice in hand: the chosen time, else the day. */
  function focusChoice() {
    (
      times.querySelector<HTMLInputElement>("input:checked, input") ??
      days.querySelector<HTMLInputElement>("input:checked, input:not(:disabled)")
    )?.focus();
  }

  fillZones();
  return { load, focusChoice, zone: () => zone, chosen: () => chosen, about: () => about };
}

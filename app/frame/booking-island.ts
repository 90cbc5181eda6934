import { honeypotField } from "../../domain/contact-texts.ts";
import { addDays, wallClock, weekdayOf } from "../../domain/dates.ts";
import { formMessageClass } from "../../domain/form-message.ts";
import { createFormClock } from "../components/form-clock.ts";
import { bookHref } from "../components/nav-items.ts";
import { messageOf } from "../components/response-message.ts";
import { readVisit } from "../components/visit-source.ts";

/**
 * The booking island (ADR 022): the slot picker on /book and the visitor's manage page
 * (/booking/{token}). Plain DOM, no framework: the page stays within its script budget, and the
 * prerendered shell (app/components/booking-picker.tsx) already holds the form, so this adds
 * only the choices. Days and times are native radio buttons in labelled groups: arrow keys move
 * within a group, Tab between groups, and a screen reader says each group's name. Focus is
 * never dropped: what the visitor is on is never re-rendered under them.
 */

type Slot = { start: string; end: string };
type Slots = { timeZone: string; length: number; slots: Slot[] };
type Managed = {
  start: string;
  end: string;
  status: "booked" | "cancelled";
  firstName: string;
  timeZone: string | null;
  changeableUntil: string;
};

const locale = "en-US";
const json = { "content-type": "application/json", accept: "application/json" };

function el<K extends keyof HTMLElementTagNameMap>(
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
function say(region: HTMLElement, kind: "success" | "error" | null, text = "") {
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

const zoneLabel = (zone: string) => zone.replaceAll("_", " ");
const detectedZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
};
/** Formats are costly to make and a week shows a hundred times: one per zone and options. */
const formats = new Map<string, Intl.DateTimeFormat>();
const format = (iso: string, zone: string, options: Intl.DateTimeFormatOptions) => {
  const key = `${zone} ${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { timeZone: zone, ...options });
    formats.set(key, made);
  }
  return made.format(new Date(iso));
};
const longTime = (iso: string, zone: string) =>
  format(iso, zone, {
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  });
/** Monday of the week a `YYYY-MM-DD` day falls in. */
const mondayOf = (day: string) => addDays(day, -((weekdayOf(day) + 6) % 7));
/** A calendar day's name: noon UTC of that date, named in UTC, is that date everywhere. */
const dayName = (day: string, options: Intl.DateTimeFormatOptions) =>
  format(`${day}T12:00:00Z`, "UTC", options);

/**
 * The picker: weeks of days with free times, then the times of the chosen day, in the
 * visitor's zone, which `zoneSelect` changes and `zoneName` names. `onChange` hears the
 * chosen slot (or null).
 */
function createPicker(
  container: HTMLElement,
  { zoneSelect, zoneName }: { zoneSelect: HTMLSelectElement; zoneName: HTMLElement },
  onChange: (slot: Slot | null, zone: string) => void,
) {
  let slots: Slot[] = [];
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
      slots = ((await response.json()) as Slots).slots;
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
  return { load, focusChoice, zone: () => zone, chosen: () => chosen };
}

/** /book: pick a time, fill in the details (from a contact form's pass, if any), book. */
async function bookPage(host: HTMLElement) {
  const form = host.querySelector("form.booking-app") as HTMLFormElement;
  const status = host.querySelector("#booking-status") as HTMLElement;
  const chosenNote = host.querySelector("[data-chosen]") as HTMLElement;
  const button = form.querySelector("button[type=submit]") as HTMLButtonElement;
  const picker = createPicker(
    host.querySelector("[data-picker]") as HTMLElement,
    {
      zoneSelect: host.querySelector("#booking-zone") as HTMLSelectElement,
      zoneName: host.querySelector("[data-zone-name]") as HTMLElement,
    },
    (slot, zone) => {
      chosenNote.textContent = slot
        ? `Your call: ${longTime(slot.start, zone)}.`
        : "No time picked yet.";
    },
  );
  // The contact form's clock, started as the page opens rather than at the first focus: a
  // visitor whose details came filled in may pick a time and book within three seconds of
  // first touching the form, and would be kept as spam. A bot posting at once is still caught.
  const clock = createFormClock();
  clock.start();
  const pass = new URLSearchParams(location.hash.slice(1)).get("pass");
  if (pass) {
    // Out of the address bar, so a bookmark or a shared link does not carry it.
    history.replaceState(null, "", location.pathname + location.search);
    void prefill(form, pass);
  }
  await picker.load();

  let sending = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (sending) return;
    say(status, null);
    const slot = picker.chosen();
    if (!slot) {
      say(status, "error", "Pick a day and a time first.");
      picker.focusChoice();
      return;
    }
    sending = true;
    button.setAttribute("aria-disabled", "true");
    button.textContent = "Booking…";
    const data = new FormData(form);
    const token = await clock.token(5000);
    try {
      const response = await fetch(form.action, {
        method: "POST",
        headers: json,
        body: JSON.stringify({
          start: slot.start,
          email: data.get("email"),
          firstName: data.get("firstName"),
          lastName: data.get("lastName"),
          message: data.get("message"),
          timeZone: picker.zone(),
          sourcePage: bookHref,
          ...readVisit(),
          ...(token ? { formToken: token } : {}),
          ...(pass ? { bookingPass: pass } : {}),
          [honeypotField]: data.get(honeypotField) ?? "",
        }),
      });
      if (response.status === 201) {
        const { message, booking } = (await response.json()) as {
          message: string;
          booking: Slot & { manageUrl: string };
        };
        confirmBooked(host, booking, picker.zone(), message, String(data.get("email")));
        return;
      }
      const text = await messageOf(response, "Booking failed. Please try again!");
      say(status, "error", text);
      if (response.status === 409) {
        // Taken meanwhile: fresh times, and the visitor back at the choice.
        await picker.load();
        picker.focusChoice();
      }
    } catch {
      say(status, "error", "Booking failed. Please check your connection and try again!");
    } finally {
      sending = false;
      button.removeAttribute("aria-disabled");
      button.textContent = "Book the call";
    }
  });
}

async function prefill(form: HTMLFormElement, pass: string) {
  try {
    const response = await fetch("/api/booking/prefill", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ pass }),
    });
    if (!response.ok) return;
    const details = (await response.json()) as Record<string, string>;
    for (const name of ["email", "firstName", "lastName"]) {
      const field = form.elements.namedItem(name) as HTMLInputElement | null;
      if (field && !field.value) field.value = details[name] ?? "";
    }
  } catch {
    // The visitor types them instead.
  }
}

function confirmBooked(
  host: HTMLElement,
  booking: Slot & { manageUrl: string },
  zone: string,
  message: string,
  email: string,
) {
  const heading = el("h2", { tabindex: "-1", class: "booking-title" }, "You're booked.");
  host.replaceChildren(
    el(
      "div",
      { class: "booking-done" },
      heading,
      el("p", { class: "booking-when" }, longTime(booking.start, zone)),
      el("p", { role: "status", class: formMessageClass.success }, message),
      el(
        "p",
        { class: "booking-note" },
        `The invite went to ${email}. Add it to your calendar from there; it has a link to move or cancel the call too.`,
      ),
      el("a", { href: booking.manageUrl, class: "booking-link" }, "Move or cancel this call"),
    ),
  );
  heading.focus();
}

/** A manage answer's message and booking, read once (a body can only be read once). */
const answerOf = async (response: Response) =>
  (await response.json().catch(() => ({}))) as { message?: string; booking?: Managed };

/** /booking/{token}: the visitor's call, to move or cancel. */
async function managePage(host: HTMLElement) {
  const box = host.querySelector("[data-manage]") as HTMLElement;
  const status = host.querySelector("#booking-status") as HTMLElement;
  const token = location.pathname.split("/").filter(Boolean)[1] ?? "";
  const api = `/api/booking/${encodeURIComponent(token)}`;
  let booking: Managed;
  try {
    const response = await fetch(api, { headers: json, cache: "no-store" });
    if (!response.ok) {
      box.replaceChildren(
        el(
          "p",
          { role: "alert", class: formMessageClass.error },
          await messageOf(response, "We couldn't find that booking."),
        ),
        el("a", { href: bookHref, class: "booking-link" }, "Book a free call"),
      );
      box.removeAttribute("aria-busy");
      return;
    }
    booking = (await response.json()) as Managed;
  } catch {
    say(status, "error", "We couldn't load your booking. Please check your connection and reload.");
    return;
  }
  const zone = booking.timeZone ?? detectedZone();
  const when = el("p", { class: "booking-when" });
  const state = el("p", { class: "booking-note" });
  const heading = el("h2", { tabindex: "-1", class: "booking-heading" });
  const actions = el("div", { class: "booking-actions" });
  const moveButton = el("button", { type: "button", class: "booking-action" }, "Reschedule");
  const cancelButton = el("button", { type: "button", class: "booking-action" }, "Cancel the call");
  actions.append(moveButton, cancelButton);
  const panel = el("div", { class: "booking-panel" });
  box.replaceChildren(heading, when, state, actions, panel);
  box.removeAttribute("aria-busy");

  const show = () => {
    const cancelled = booking.status === "cancelled";
    heading.textContent = cancelled
      ? `Canceled, ${booking.firstName}.`
      : `See you then, ${booking.firstName}.`;
    when.textContent = longTime(booking.start, zone);
    when.classList.toggle("booking-struck", cancelled);
    state.textContent = cancelled
      ? "This call is canceled. Book a new time whenever it suits you."
      : `You can move or cancel it here until ${longTime(booking.changeableUntil, zone)}.`;
    actions.hidden = cancelled;
    if (cancelled)
      panel.replaceChildren(el("a", { href: bookHref, class: "booking-link" }, "Book a new time"));
  };
  show();

  cancelButton.addEventListener("click", () => {
    const yes = el(
      "button",
      { type: "button", class: "booking-action booking-danger" },
      "Yes, cancel it",
    );
    const no = el("button", { type: "button", class: "booking-action" }, "Keep the call");
    const question = el(
      "p",
      { class: "booking-strong", id: "booking-cancel-q" },
      "Cancel this call? We'll let the studio know.",
    );
    panel.replaceChildren(
      el(
        "div",
        { role: "group", "aria-labelledby": "booking-cancel-q", class: "booking-stack" },
        question,
        el("div", { class: "booking-actions" }, yes, no),
      ),
    );
    yes.focus();
    no.addEventListener("click", () => {
      panel.replaceChildren();
      cancelButton.focus();
    });
    yes.addEventListener("click", async () => {
      const response = await fetch(`${api}/cancel`, {
        method: "POST",
        headers: json,
        body: "{}",
      }).catch(() => null);
      if (!response)
        return say(
          status,
          "error",
          "Canceling failed. Please check your connection and try again!",
        );
      const body = await answerOf(response);
      const text = body.message ?? "Canceling failed. Please try again!";
      if (!response.ok || !body.booking) return say(status, "error", text);
      booking = body.booking;
      show();
      say(status, "success", text);
      heading.focus();
    });
  });

  moveButton.addEventListener("click", async () => {
    const zoneSelect = el("select", { id: "booking-zone", class: "booking-select" });
    const zoneName = el("strong");
    const list = el("div", { "data-picker": "", class: "booking-picker" });
    const confirm = el(
      "button",
      { type: "submit", class: "booking-action booking-primary" },
      "Move the call",
    );
    const form = el(
      "form",
      { class: "booking-stack", "aria-labelledby": "booking-move-title", novalidate: "" },
      el("h3", { id: "booking-move-title", class: "booking-subheading" }, "Pick a new time"),
      el("p", { class: "booking-note" }, "Times are shown in ", zoneName, "."),
      el(
        "div",
        {},
        el("label", { for: "booking-zone", class: "booking-label" }, "Time zone"),
        zoneSelect,
      ),
      list,
      el("div", {}, confirm),
    );
    panel.replaceChildren(form);
    const picker = createPicker(list, { zoneSelect, zoneName }, () => say(status, null));
    await picker.load();
    picker.focusChoice();
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const slot = picker.chosen();
      if (!slot) {
        say(status, "error", "Pick a day and a time first.");
        return picker.focusChoice();
      }
      const response = await fetch(`${api}/reschedule`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ start: slot.start }),
      }).catch(() => null);
      if (!response)
        return say(status, "error", "Moving failed. Please check your connection and try again!");
      const body = await answerOf(response);
      const text = body.message ?? "Moving failed. Please try again!";
      if (!response.ok || !body.booking) {
        say(status, "error", text);
        if (response.status === 409) await picker.load();
        return picker.focusChoice();
      }
      booking = body.booking;
      panel.replaceChildren();
      show();
      say(status, "success", text);
      heading.focus();
    });
  });
}

export function hydrate(host: HTMLElement): void {
  const { mode } = JSON.parse(host.dataset.props ?? "{}") as { mode?: string };
  // The fallback's fields would share labels with the picker's ("Email"): gone once it runs.
  host.querySelector(".booking-fallback")?.remove();
  const run = mode === "manage" ? managePage(host) : bookPage(host);
  host.dataset.hydrated = "true";
  void run;
}

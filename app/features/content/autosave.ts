import type { Conflict } from "./content-api.ts";

/**
 * Autosave as a small machine, apart from React so fake timers can drive it: each change
 * waits for a pause in typing, one save is in flight at a time, a failure with no answer or a
 * 5xx is retried with growing waits, and a conflict or a refusal stops it until the owner
 * chooses (spec: nothing typed is ever lost, nothing is overwritten unasked).
 */
export type SaveOutcome =
  | { kind: "saved" }
  | { kind: "retry" }
  | { kind: "conflict"; current: Conflict; message: string }
  | { kind: "invalid"; message: string; fields: Record<string, string> };

export type AutosaveState = {
  status: "saved" | "pending" | "saving" | "retrying" | "conflict" | "invalid";
  /** Failed attempts in a row, for the backoff. */
  attempt: number;
  conflict: (Conflict & { message: string }) | null;
  fields: Record<string, string>;
  message: string | null;
};

export const initialAutosave: AutosaveState = {
  status: "saved",
  attempt: 0,
  conflict: null,
  fields: {},
  message: null,
};

export type AutosaveEvent =
  | { type: "changed" }
  | { type: "sending" }
  | { type: "settled"; outcome: SaveOutcome; changedSince: boolean }
  | { type: "resumed" };

export function autosaveReducer(state: AutosaveState, event: AutosaveEvent): AutosaveState {
  switch (event.type) {
    case "changed":
      // A conflict holds until the owner chooses; typing on must not re-send over theirs.
      if (state.status === "conflict") return state;
      return state.status === "retrying" ? state : { ...state, status: "pending" };
    case "sending":
      return { ...state, status: state.status === "retrying" ? "retrying" : "saving" };
    case "settled": {
      const { outcome } = event;
      if (outcome.kind === "saved") {
        return {
          ...initialAutosave,
          status: event.changedSince ? "pending" : "saved",
        };
      }
      if (outcome.kind === "retry") {
        return { ...state, status: "retrying", attempt: state.attempt + 1 };
      }
      if (outcome.kind === "conflict") {
        return {
          ...state,
          status: "conflict",
          attempt: 0,
          conflict: { ...outcome.current, message: outcome.message },
        };
      }
      return {
        ...state,
        status: "invalid",
        attempt: 0,
        fields: outcome.fields,
        message: outcome.message,
      };
    }
    case "resumed":
      return { ...initialAutosave, status: "pending" };
  }
}

/** 1 s, 2 s, 4 s … up to 30 s between tries, so a server coming back is not stampeded. */
export const retryDelay = (attempt: number) =>
  Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));

export const debounceMs = 1200;

/**
 * However steadily someone types, what they wrote reaches the server at least this often: a
 * pause is what usually sends it, and a long unbroken stretch must not sit in the browser only.
 */
export const maxWaitMs = 5000;

/** What the live region says; "" while nothing has changed since opening. */
export function autosaveLabel(state: AutosaveState): string {
  switch (state.status) {
    case "saved":
      return "Saved";
    case "pending":
    case "saving":
      return "Saving…";
    case "retrying":
      return "Not saved, retrying";
    case "conflict":
      return "Not saved: someone else changed this";
    case "invalid":
      return "Not saved: check the marked fields";
  }
}

/**
 * Drives `save` from changes: debounced, serial, retried. `dispatch` receives every event so
 * the screen renders the state; the caller says whether the text changed during a save.
 */
export class Autosaver {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight = false;
  private dirty = false;
  private state: AutosaveState = initialAutosave;
  private stopped = false;
  /** When the oldest change not yet sent was made (ms), for `maxWaitMs`. */
  private unsentSince: number | null = null;

  private readonly save: () => Promise<SaveOutcome>;
  private readonly onState: (state: AutosaveState) => void;
  private readonly wait: number;

  constructor(
    save: () => Promise<SaveOutcome>,
    onState: (state: AutosaveState) => void,
    wait = debounceMs,
  ) {
    this.save = save;
    this.onState = onState;
    this.wait = wait;
  }

  private apply(event: AutosaveEvent) {
    this.state = autosaveReducer(this.state, event);
    this.onState(this.state);
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, ms);
  }

  /** How long to wait for a pause: never past `maxWaitMs` after the oldest unsent change. */
  private pause() {
    const since = this.unsentSince ?? Date.now();
    return Math.max(0, Math.min(this.wait, since + maxWaitMs - Date.now()));
  }

  /** The text changed: save after a pause, unless stopped by a conflict or a refusal. */
  changed() {
    this.dirty = true;
    this.unsentSince ??= Date.now();
    // A refusal holds only until the text changes: the change may be the fix.
    if (this.state.status === "invalid") this.stopped = false;
    this.apply({ type: "changed" });
    if (this.stopped || this.inFlight) return;
    // While retrying, the backoff timer is already set; a new change must not shorten it.
    if (this.state.status !== "retrying") this.schedule(this.pause());
  }

  /** After the owner resolves a conflict or fixes the fields: save what is there now. */
  resume() {
    this.stopped = false;
    this.dirty = true;
    this.apply({ type: "resumed" });
    this.schedule(0);
  }

  /** The text now matches the server's (their version loaded): nothing to save. */
  reset() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.stopped = false;
    this.dirty = false;
    this.state = initialAutosave;
    this.onState(this.state);
  }

  get current() {
    return this.state;
  }

  private async run() {
    if (this.inFlight || this.stopped || !this.dirty) return;
    this.inFlight = true;
    this.dirty = false;
    this.unsentSince = null;
    this.apply({ type: "sending" });
    let outcome: SaveOutcome;
    try {
      outcome = await this.save();
    } catch {
      outcome = { kind: "retry" };
    }
    this.inFlight = false;
    if (outcome.kind === "retry") this.dirty = true;
    this.apply({ type: "settled", outcome, changedSince: this.dirty && outcome.kind === "saved" });
    if (outcome.kind === "retry") this.schedule(retryDelay(this.state.attempt));
    else if (outcome.kind === "conflict" || outcome.kind === "invalid") this.stopped = true;
    else if (this.dirty) this.schedule(this.pause());
  }

  /**
   * Leaving the editor: a change still waiting for its pause is sent now rather than dropped
   * (the local copy holds it too, but the server should not wait for a return visit).
   */
  dispose() {
    const waiting = this.timer !== null && this.state.status === "pending";
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (waiting && !this.stopped && !this.inFlight) void this.run();
    this.stopped = true;
  }
}

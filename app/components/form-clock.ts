import { contactTokenPath } from "../../domain/contact-texts.ts";

/**
 * A form's clock: a signed token from the server, asked for when the form is first used, so
 * the server can tell a person's pace from a bot's (sent within 3 s: kept as spam). One token
 * per message: `reset` after a send, and the next use starts a new clock. Plain TypeScript,
 * so the booking island uses it without React; the contact form's hook is use-form-clock.ts.
 */
export function createFormClock() {
  let token: Promise<string | null> | null = null;
  return {
    start: () => {
      token ??= fetch(contactTokenPath, {
        headers: { accept: "application/json" },
        cache: "no-store",
      })
        .then(async (response) => {
          const body = (await response.json()) as { token?: unknown };
          return response.ok && typeof body.token === "string" ? body.token : null;
        })
        .catch(() => null);
    },
    reset: () => {
      token = null;
    },
    /**
     * The token, waiting for it at most `waitMs`: the server keeps a message sent from the page
     * without one as spam, so it is worth a moment (it normally comes in milliseconds, and
     * within a second even when the server's shared store is down); null when it cannot be had.
     */
    token: (waitMs: number) =>
      Promise.race([
        token ?? Promise.resolve(null),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs)),
      ]),
  };
}
export type FormClock = ReturnType<typeof createFormClock>;

import { type RefObject, useEffect, useRef } from "react";
import { contactTokenPath } from "../../domain/contact-texts.ts";

/**
 * The contact form's clock: a signed token from the server, asked for when the form is first
 * used, so the server can tell a person's pace from a bot's (sent within 3 s: kept as spam).
 * One token per message: `reset` after a send, and the next use starts a new clock.
 */
export function useFormClock(form: RefObject<HTMLFormElement | null>) {
  const token = useRef<Promise<string | null> | null>(null);
  const start = () => {
    token.current ??= fetch(contactTokenPath, {
      headers: { accept: "application/json" },
      cache: "no-store",
    })
      .then(async (response) => {
        const body = (await response.json()) as { token?: unknown };
        return response.ok && typeof body.token === "string" ? body.token : null;
      })
      .catch(() => null);
  };
  // Hydrated while the visitor is already in the form (focus brings the island): the clock
  // starts now, since the focus that would have started it came before React did.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    if (form.current?.contains(document.activeElement)) start();
  }, []);
  return {
    start,
    reset: () => {
      token.current = null;
    },
    /**
     * The token, waiting for it at most `waitMs`: the server keeps a message sent from the page
     * without one as spam, so it is worth a moment (it normally comes in milliseconds, and
     * within a second even when the server's shared store is down); null when it cannot be had.
     */
    token: (waitMs: number) =>
      Promise.race([
        token.current ?? Promise.resolve(null),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs)),
      ]),
  };
}

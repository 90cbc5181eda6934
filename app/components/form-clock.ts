import { takePageToken } from "./page-clock.ts";

/**
 * A form's clock: a signed token from the server, so the server can tell a person's pace from
 * a bot's (a token under 3 s old is kept as spam). It starts when the page opens, never at the
 * first focus: a person who read the page and let the browser fill in every field sends within
 * a second of touching the form (docs/product.md, "Spam kept for review"). The first clock
 * takes the page's token (page-clock.ts); one token per message: `restart` after a send. Plain
 * TypeScript, so the islands without React use it too; the contact form's hook is
 * use-form-clock.ts.
 */
export function createFormClock() {
  let token: Promise<string | null> | null = null;
  /** Starts once; a token that could not be had is asked for again at the next use. */
  const start = () => {
    if (token) return;
    const asked = takePageToken();
    token = asked;
    void asked.then((value) => {
      if (value === null && token === asked) token = null;
    });
  };
  return {
    start,
    /** After a send: the next message's clock starts now, with the form shown empty again. */
    restart: () => {
      token = null;
      start();
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

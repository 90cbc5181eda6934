import { contactTokenPath } from "../../domain/form-token-path.ts";

/**
 * The page's clock: the timing token asked for as the page is shown, long before a form's
 * island loads on approach (docs/product.md, "Spam kept for review"). Apart from the forms'
 * clocks (form-clock.ts) because the frame, on every page, needs only this.
 */

export const askForToken = (): Promise<string | null> =>
  fetch(contactTokenPath, { headers: { accept: "application/json" }, cache: "no-store" })
    .then(async (response) => {
      const body = (await response.json()) as { token?: unknown };
      return response.ok && typeof body.token === "string" ? body.token : null;
    })
    .catch(() => null);

let pageToken: Promise<string | null> | null = null;

/** The frame starts it once the page is shown (after the first paint, ADR 019). */
export function startPageClock(): void {
  pageToken ??= askForToken();
}

/** The page's token for the first form that asks (a token is good for one message), else a new one. */
export function takePageToken(): Promise<string | null> {
  const token = pageToken ?? askForToken();
  pageToken = null;
  return token;
}

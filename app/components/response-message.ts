/**
 * The response's `message` when it has one (docs/product.md, "Principles"), otherwise the given
 * default. Plain TypeScript, shared by the React forms and the booking island.
 */
export async function messageOf(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === "string" && body.message.trim() ? body.message : fallback;
  } catch {
    return fallback;
  }
}

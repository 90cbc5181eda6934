/** The error of a wait given up on: what was waited for, and for how long. */
export class TimedOut extends Error {
  override name = "TimedOut";
}

/**
 * Resolves or rejects as `pending` does, or rejects with TimedOut after `timeoutMs`, whichever
 * comes first. The work itself is not cancelled: it finishes (or times out) on its own, unseen.
 */
export async function withinTime<T>(pending: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([pending, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

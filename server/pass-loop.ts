/**
 * Runs `pass` when poked (right after a write commits) and every `intervalMs` for retries,
 * never two passes at once in this process; a poke during a pass runs one more after it, so
 * nothing written meanwhile waits for the timer. A pass that throws is logged and the loop
 * goes on. The outbox and the calendar sync each run one.
 */
export function startPassLoop(options: {
  pass: () => Promise<void>;
  intervalMs: number;
  log: { error: (obj: object, msg: string) => void };
  /** What the log says failed ("outbox pass failed"). */
  name: string;
}) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await options.pass();
        } catch (error) {
          options.log.error({ err: error }, `${options.name} failed`);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  void run(); // pick up whatever a previous process left behind
  return {
    poke: () => void run(),
    /** For tests: resolves when the current pass (if any) is done. */
    idle: () => running ?? Promise.resolve(),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

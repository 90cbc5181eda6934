/**
 * Work a route starts once its answer is sent, so that what the work finds cannot show in the
 * answer, not even in how long it took (a password reset asked for an address: docs/team.md,
 * "Forgot password"). Each piece is tracked until it ends: shutdown waits for it before the
 * database closes, and tests wait for it with `idle()`. A piece catches its own failures.
 */
export type AfterAnswer = {
  run(work: () => Promise<void>): void;
  idle(): Promise<void>;
};

export function afterAnswerWork(): AfterAnswer {
  const pending = new Set<Promise<void>>();
  return {
    run(work) {
      const piece: Promise<void> = work().finally(() => pending.delete(piece));
      pending.add(piece);
    },
    async idle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}

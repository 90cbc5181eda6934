import type { Db } from "../db/connect.ts";
import { countPendingDiskErasures } from "../leads/lead-stats.repository.ts";
import { emptyWriteAheadLog } from "./lead-erasure.repository.ts";

type Log = {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
};

/**
 * Finishes erasures on disk (SQLite). An erased lead's earlier pages stay in the write-ahead
 * log until it is emptied, and a reader holding an older snapshot (a backup in progress, an
 * open sqlite3 session) stops that from happening. Waiting for the reader would block the
 * event loop (node:sqlite is synchronous), so the log is emptied without waiting: right after
 * each erasure, and then again with a growing pause (up to `maxPauseMs`) until it works. It
 * starts with the server too, so an erasure left pending by a restart is finished. On
 * PostgreSQL there is nothing to do.
 */
export function startDiskErasure(options: {
  db: Db;
  engine: "sqlite" | "postgres";
  log: Log;
  firstPauseMs?: number;
  maxPauseMs?: number;
}) {
  const { db, log } = options;
  const firstPauseMs = options.firstPauseMs ?? 250;
  const maxPauseMs = options.maxPauseMs ?? 30_000;
  let pause = firstPauseMs;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<boolean> | null = null;
  let stopped = false;
  /** Said once per pending stretch, not at every retry. */
  let warned = false;

  const attempt = (): Promise<boolean> => {
    running ??= (async () => {
      try {
        const done = await emptyWriteAheadLog(db);
        if (done) {
          if (warned) log.info({}, "erasure: removed from disk");
          warned = false;
          pause = firstPauseMs;
          return true;
        }
        if (!warned)
          log.warn(
            {},
            "erasure: removal from disk pending: another connection is reading the database (a backup, a sqlite3 session); retrying in the background",
          );
        warned = true;
      } catch (error) {
        log.error({ err: error }, "erasure: emptying the write-ahead log failed; retrying");
      }
      schedule();
      return false;
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void attempt();
    }, pause);
    timer.unref();
    pause = Math.min(pause * 2, maxPauseMs);
  };

  const sqlite = options.engine === "sqlite";
  // Erasures a restart interrupted.
  if (sqlite)
    void countPendingDiskErasures(db).then(
      (pending) => (pending ? attempt() : undefined),
      (error: unknown) => log.error({ err: error }, "erasure: could not read pending erasures"),
    );

  return {
    /** After an erasure: try now. True when it is off the disk too (always on PostgreSQL). */
    finish: async (): Promise<boolean> => {
      if (!sqlite) return true;
      // An attempt already under way may have emptied the log before this erasure committed.
      await running;
      return attempt();
    },
    /** How many erasures still wait to be removed from disk. */
    pending: () => countPendingDiskErasures(db),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type DiskErasure = ReturnType<typeof startDiskErasure>;

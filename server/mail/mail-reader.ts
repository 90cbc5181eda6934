import { Worker } from "node:worker_threads";
import { mailboxLimits, mailboxTexts } from "../../domain/mailbox.ts";
import type { IncomingMail } from "./incoming-mail.ts";

/** What the watcher hands the worker thread, and what comes back (mail-parser.worker.ts). */
export type ParseJob = { id: number; source: Uint8Array; fallbackId: string };
export type ParseOutcome =
  | { ready: true }
  | { id: number; mail: IncomingMail }
  | { id: number; unreadable: string };

/** A message read, or why its content cannot be read (it is set aside, never retried). */
export type MailReading = { mail: IncomingMail } | { unreadable: string };

export type MailReader = {
  read(source: Uint8Array, fallbackId: string): Promise<MailReading>;
  close(): Promise<void>;
};

/**
 * Reads messages off the event loop (docs/decisions/024, "Reading a message off the request
 * path"): one worker thread parses them one at a time. A read that takes longer than
 * `timeLimitMs`, or that the worker does not survive (memory, a crash), ends with the worker
 * terminated and the message unreadable; the next read starts a fresh one. A worker that
 * cannot start at all is not the message's fault: `read` rejects, and the mailbox is read
 * again later without skipping anything.
 */
export function startMailReader({
  timeLimitMs = mailboxLimits.readSeconds * 1000,
  memoryMb = 256,
  script = new URL("./mail-parser.worker.ts", import.meta.url),
}: {
  timeLimitMs?: number;
  memoryMb?: number;
  /** The worker's module (tests give one that cannot load). */
  script?: URL;
} = {}): MailReader {
  let worker: Promise<Worker> | null = null;
  let live: Worker | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let jobs = 0;
  let closed = false;

  function start(): Promise<Worker> {
    const thread = new Worker(script, { resourceLimits: { maxOldGenerationSizeMb: memoryMb } });
    return new Promise<Worker>((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        thread.off("message", ready);
        thread.off("error", failed);
        thread.off("exit", exited);
        // Idle, it never keeps the process alive; a read holds it (see readNow).
        thread.unref();
      };
      const failed = (error: unknown) => {
        settle();
        void thread.terminate();
        const why =
          error === undefined
            ? "it did not load in time"
            : String((error as Error)?.message ?? error);
        reject(new Error(`the mail reader could not start: ${why}`));
      };
      const ready = (outcome: ParseOutcome) => {
        if (!("ready" in outcome)) return;
        settle();
        // Each read listens for its own end; between reads, a worker that fails is dropped
        // (the next read starts another) rather than its error ending the process.
        thread.on("error", () => undefined);
        thread.once("exit", () => {
          if (live === thread) worker = live = null;
        });
        live = thread;
        resolve(thread);
      };
      const exited = (code: number) => failed(new Error(`it exited with code ${code}`));
      const timer = setTimeout(failed, 30_000);
      thread.on("message", ready);
      thread.once("error", failed);
      thread.once("exit", exited);
    });
  }

  function discard(thread: Worker) {
    void thread.terminate();
    if (live === thread) worker = live = null;
  }

  async function readNow(source: Uint8Array, fallbackId: string): Promise<MailReading> {
    if (closed) throw new Error("the mail reader is closed");
    worker ??= start();
    let thread: Worker;
    try {
      thread = await worker;
    } catch (error) {
      worker = null;
      throw error;
    }
    // It ended between two reads (its exit was heard since): a fresh one reads this message.
    if (live !== thread) {
      worker = null;
      return readNow(source, fallbackId);
    }
    const id = ++jobs;
    // A copy with a buffer of its own, handed over rather than cloned: nothing else shares it.
    const copy = new Uint8Array(source.byteLength);
    copy.set(source);
    return new Promise<MailReading>((resolve, reject) => {
      const done = (reading: MailReading, keep: boolean) => {
        clearTimeout(timer);
        thread.unref();
        thread.off("message", answered);
        thread.off("error", died);
        thread.off("exit", died);
        if (!keep) discard(thread);
        // Ended by close(), not by the message: nothing to set aside, it is read next time.
        if (closed && !keep) reject(new Error("the mail reader was closed"));
        else resolve(reading);
      };
      const answered = (outcome: ParseOutcome) => {
        if ("ready" in outcome || outcome.id !== id) return;
        done("mail" in outcome ? { mail: outcome.mail } : { unreadable: outcome.unreadable }, true);
      };
      const died = (error?: unknown) =>
        done(
          {
            unreadable:
              (error as { code?: string } | undefined)?.code === "ERR_WORKER_OUT_OF_MEMORY"
                ? mailboxTexts.tooMuchMemory
                : mailboxTexts.unreadable("the reader stopped on it"),
          },
          false,
        );
      const timer = setTimeout(
        () => done({ unreadable: mailboxTexts.tooSlow }, false),
        timeLimitMs,
      );
      thread.ref();
      thread.on("message", answered);
      thread.once("error", died);
      thread.once("exit", died);
      thread.postMessage({ id, source: copy, fallbackId } satisfies ParseJob, [copy.buffer]);
    });
  }

  return {
    /** One message at a time, in the order asked. */
    read(source, fallbackId) {
      const reading = queue.then(() => readNow(source, fallbackId));
      queue = reading.catch(() => undefined);
      return reading;
    },
    async close() {
      closed = true;
      const thread = await worker?.catch(() => null);
      worker = null;
      await thread?.terminate();
    },
  };
}

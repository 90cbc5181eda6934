import { parentPort } from "node:worker_threads";
import { readIncomingMail } from "./incoming-mail.ts";
import type { ParseJob, ParseOutcome } from "./mail-reader.ts";
import { unreadableReason } from "./unreadable-mail.ts";

/**
 * The worker thread that reads messages (mail-reader.ts starts it): mailparser and
 * html-to-text run here, so a message that takes long to read never holds up a request. Any
 * error its bytes cause is reported as a reason to set the message aside; "ready" says the
 * modules loaded, so a worker that cannot start is told apart from a message it cannot read.
 */
const port = parentPort;
if (!port) throw new Error("mail-parser.worker.ts runs as a worker thread (mail-reader.ts).");

port.on("message", async (job: ParseJob) => {
  let outcome: ParseOutcome;
  try {
    const source = Buffer.from(job.source.buffer, job.source.byteOffset, job.source.byteLength);
    outcome = { id: job.id, mail: await readIncomingMail(source, { fallbackId: job.fallbackId }) };
  } catch (error) {
    outcome = { id: job.id, unreadable: unreadableReason(error) };
  }
  port.postMessage(outcome);
});
port.postMessage({ ready: true } satisfies ParseOutcome);

import { randomUUID } from "node:crypto";
import { ImapFlow } from "imapflow";
import { mailboxTexts, type SetAsideReason } from "../../domain/mailbox.ts";
import type { ImapSettings } from "../config-mail.ts";
import type { Db } from "../db/connect.ts";
import { startPassLoop } from "../pass-loop.ts";
import { headerSummary } from "./header-summary.ts";
import type { IncomingMail } from "./incoming-mail.ts";
import { startMailReader } from "./mail-reader.ts";
import {
  holdMailbox,
  mailboxKey,
  mailboxProgress,
  releaseMailbox,
  saveMailboxProgress,
} from "./mailbox.repository.ts";
import { importReply, leadForIncoming } from "./replies.repository.ts";
import { leadIdOfReplyToken, tokenInAddress } from "./reply-token.ts";
import { forgetOldSetAside, type SetAsideEntry, setAside } from "./set-aside.repository.ts";

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** A message larger than this is not downloaded: its lead is told to read it in the mailbox. */
const maxMessageBytes = 10 * 1024 * 1024;

export type WatcherOptions = {
  db: Db;
  imap: ImapSettings;
  /** How often to look for new mail when the server cannot push it (no IDLE). */
  pollMs: number;
  /** Addresses this site sends from: mail from them is never a visitor's reply. */
  ownAddresses: string[];
  /** REPLY_TO with `{token}`, and the key its tokens are made with. */
  replyTo: string | undefined;
  replyTokenKey: Uint8Array;
  now: () => Date;
  log: Log;
  /** How long an instance holds the mailbox before another may take it over. */
  leaseMs?: number;
  /** Told when a reply joins a lead (the tests wait on it). */
  onImported?: (leadId: string) => void;
  /** Told when a message is set aside instead of imported (the metrics count it). */
  onSetAside?: (reason: SetAsideReason) => void;
};

/**
 * Watches the owner's mailbox for visitors' replies (ADR 024). One instance at a time holds
 * it, by a lease in the database renewed while it watches; the others wait to take over. The
 * holder reads every message after the last one read, matches each to a lead and imports it
 * once (its Message-ID is unique in the database, so a restart or a takeover never doubles
 * one), then waits: IDLE where the server offers it, polling every `pollMs` where not. The
 * mailbox is opened read-only: nothing in it is changed, unmatched mail is left alone.
 *
 * Messages are read in a worker thread (mail-reader.ts). One whose content cannot be read, or
 * that claims a lead by a From its own mail server found forged, is set aside (listed for the
 * owner) and the reading goes on past it; a connection or a database that fails stops the
 * pass before its progress is saved, so that message is read again, never skipped.
 */
export function startMailboxWatcher(options: WatcherOptions) {
  const { db, imap, log } = options;
  const leaseMs = options.leaseMs ?? 60_000;
  const holder = randomUUID();
  const key = mailboxKey(imap);
  const reader = startMailReader();
  let forgotten = 0;
  let stopped = false;
  let client: ImapFlow | null = null;
  let wake: (() => void) | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  /** Reads what came since the last read, in UID order, importing the lead's replies. */
  async function readNew(connection: ImapFlow, uidValidity: string): Promise<void> {
    if (options.now().getTime() - forgotten > 3_600_000) {
      await forgetOldSetAside(db, options.now());
      forgotten = options.now().getTime();
    }
    const progress = await mailboxProgress(db, key);
    // A new UIDVALIDITY renumbered the mailbox: read it all again (Message-IDs keep imports single).
    const after = progress.uidValidity === uidValidity ? progress.lastUid : 0;
    const found: Array<{ uid: number; size: number }> = [];
    // A server that does not push tells of new mail in answer to a command: ask.
    await connection.noop();
    const exists = connection.mailbox ? connection.mailbox.exists : 0;
    if (exists > 0)
      for await (const message of connection.fetch(
        `${after + 1}:*`,
        { uid: true, size: true },
        { uid: true },
      ))
        if (message.uid > after) found.push({ uid: message.uid, size: message.size ?? 0 });
    for (const { uid, size } of found.sort((a, b) => a.uid - b.uid)) {
      await readOne(connection, uid, size, uidValidity);
      if (
        !(await saveMailboxProgress(db, key, holder, { uidValidity, lastUid: uid }, options.now()))
      )
        throw new Error("the mailbox was taken over by another instance");
    }
    if (!found.length)
      await saveMailboxProgress(db, key, holder, { uidValidity, lastUid: after }, options.now());
  }

  /** Keeps a message out of the conversations, listed for the owner with why. */
  async function putAside(entry: Omit<SetAsideEntry, "mailbox">) {
    if (!(await setAside(db, { mailbox: key, ...entry }, options.now()))) return;
    log.warn(
      { mailbox: key, uid: entry.uid, reason: entry.reason, detail: entry.detail },
      "mailbox: a message was set aside (GET /api/mailbox lists it)",
    );
    options.onSetAside?.(entry.reason);
  }

  async function readOne(connection: ImapFlow, uid: number, size: number, uidValidity: string) {
    const tooBig = size > maxMessageBytes;
    const fetched = await connection.fetchOne(
      String(uid),
      tooBig ? { headers: true, internalDate: true } : { source: true, internalDate: true },
      { uid: true },
    );
    if (!fetched) return;
    const source = fetched.source ?? fetched.headers;
    if (!source) return;
    // Rejects only when the reader itself cannot run: the pass stops and this UID is read again.
    const reading = await reader.read(source, `<uid-${uidValidity}-${uid}@${imap.host}>`);
    const place = { uidValidity, uid, size };
    if ("unreadable" in reading) {
      await putAside({
        ...place,
        reason: "unreadable",
        detail: reading.unreadable,
        ...headerSummary(source),
      });
      return;
    }
    const { mail } = reading;
    if (mail.automatic || (mail.from && options.ownAddresses.includes(mail.from))) return;
    const match = await leadForIncoming(db, {
      referenced: [...(mail.inReplyTo ? [mail.inReplyTo] : []), ...mail.references],
      tokenLeadIds: tokenLeadIdsOf(mail),
      sender: mail.from,
    });
    if (!match) return;
    // Its From is all that ties it to the lead, and its own mail server says that is forged.
    if (match.rule === "sender" && mail.failedSenderChecks.length) {
      await putAside({
        ...place,
        reason: "unverified-sender",
        detail: mailboxTexts.unverifiedSender(mail.failedSenderChecks),
        from: mail.from,
        subject: mail.subject,
        messageId: mail.messageId,
      });
      return;
    }
    const imported = await importReply(
      db,
      {
        leadId: match.leadId,
        messageId: mail.messageId,
        inReplyTo: mail.inReplyTo,
        references: mail.references,
        from: mail.from ?? "",
        to: mail.recipients[0] ?? "",
        subject: mail.subject,
        text: tooBig
          ? `This message is ${Math.ceil(size / 1048576)} MB: read it in your mailbox.`
          : mail.text,
        attachments: mail.attachments,
        at: fetched.internalDate instanceof Date ? fetched.internalDate : options.now(),
      },
      options.now(),
    );
    if (imported) {
      log.info({ rule: match.rule }, "mailbox: a reply joined its lead");
      options.onImported?.(match.leadId);
    }
  }

  /** The leads whose Reply-To token address the message was sent to. */
  const tokenLeadIdsOf = (mail: IncomingMail) =>
    options.replyTo
      ? mail.recipients.flatMap((address) => {
          const token = tokenInAddress(options.replyTo ?? "", address);
          const id = token ? leadIdOfReplyToken(options.replyTokenKey, token) : null;
          return id ? [id] : [];
        })
      : [];

  /** One connection, for as long as it lasts and the lease holds. */
  async function watch(): Promise<void> {
    const connection = new ImapFlow({
      host: imap.host,
      port: imap.port,
      secure: imap.secure,
      auth: { user: imap.username, pass: imap.password },
      logger: false,
      // Break and restart IDLE now and then, so a connection a router forgot is noticed.
      maxIdleTime: 5 * 60_000,
      autoIdleDelay: 500,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
    });
    client = connection;
    // Reported through `closed` below; without a listener an error would end the process.
    connection.on("error", () => undefined);
    const closed = new Promise<void>((resolve) => connection.once("close", () => resolve()));
    await connection.connect();
    const mailbox = await connection.mailboxOpen(imap.mailbox, { readOnly: true });
    const uidValidity = String(mailbox.uidValidity);
    const pushes = connection.capabilities.has("IDLE");
    log.info({ mailbox: key, idle: pushes }, "mailbox: watching for replies");
    const passes = startPassLoop({
      name: "mailbox read",
      // Without IDLE, this is the polling; with it, a backstop.
      intervalMs: pushes ? Math.max(options.pollMs, 5 * 60_000) : options.pollMs,
      log,
      pass: () => readNew(connection, uidValidity),
    });
    connection.on("exists", () => passes.poke());
    const renew = setInterval(async () => {
      const held = await holdMailbox(db, key, holder, options.now(), leaseMs).catch(() => false);
      if (!held) {
        log.warn({ mailbox: key }, "mailbox: lease lost, letting another instance watch");
        connection.close();
      }
    }, leaseMs / 3);
    try {
      await Promise.race([closed, new Promise<void>((resolve) => (wake = resolve))]);
    } finally {
      clearInterval(renew);
      await passes.stop();
      client = null;
      if (connection.usable) await connection.logout().catch(() => connection.close());
    }
  }

  const done = (async () => {
    let failures = 0;
    while (!stopped) {
      const held = await holdMailbox(db, key, holder, options.now(), leaseMs).catch(() => false);
      if (!held) {
        await sleep(leaseMs / 2);
        continue;
      }
      try {
        await watch();
        failures = 0;
      } catch (error) {
        failures++;
        // Never the URL: it carries the password.
        log.warn(
          { mailbox: key, err: String((error as Error).message ?? error) },
          "mailbox: cannot watch for replies, trying again",
        );
      }
      if (!stopped) await sleep(Math.min(5_000 * 2 ** Math.min(failures, 4), 60_000));
    }
    await releaseMailbox(db, key, holder).catch(() => undefined);
    await reader.close();
  })();

  return {
    /** This instance's turn: whether it holds the mailbox now. */
    holder,
    async stop() {
      stopped = true;
      wake?.();
      client?.close();
      // A read under way ends now, unfinished: its message is read again next time.
      await reader.close();
      await done;
    },
  };
}

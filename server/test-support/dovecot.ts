import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { freePort } from "./free-port.ts";

/**
 * A real IMAP server for the tests: Dovecot (Debian's `dovecot-imapd`), started in the
 * foreground with a throwaway configuration, user and Maildir in a temporary folder, on a
 * free port. `.ci/run` installs the package; where it is missing, the IMAP suites skip and
 * say so in one line. `idle: false` starts one that does not offer IDLE, for the polling path.
 */
export const dovecotBinary = "/usr/sbin/dovecot";
export const dovecotMissing = (() => {
  const found = spawnSync(dovecotBinary, ["--version"], { stdio: "ignore" });
  return found.error || found.status !== 0
    ? "IMAP (install Dovecot: apt-get install -y dovecot-imapd)"
    : null;
})();

/** The capabilities Dovecot 2.3 announces, less IDLE. */
const withoutIdle =
  "IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE SORT SORT=DISPLAY THREAD=REFERENCES THREAD=REFS " +
  "THREAD=ORDEREDSUBJECT MULTIAPPEND URL-PARTIAL CATENATE UNSELECT CHILDREN NAMESPACE UIDPLUS " +
  "LIST-EXTENDED I18NLEVEL=1 CONDSTORE QRESYNC ESEARCH ESORT SEARCHRES WITHIN CONTEXT=SEARCH " +
  "LIST-STATUS BINARY MOVE LITERAL+";

export type Dovecot = Awaited<ReturnType<typeof startDovecot>>;

export async function startDovecot({ idle = true }: { idle?: boolean } = {}) {
  const folder = mkdtempSync(path.join(tmpdir(), "fineline-dovecot-"));
  // Dovecot's own processes (its auth as user dovecot, mail as nobody) read in here.
  chmodSync(folder, 0o755);
  const user = "owner@studio.example";
  const password = `pw-${randomUUID()}`;
  const port = await freePort();
  // Root may not own mail (Dovecot refuses uid 0): the mail belongs to nobody, as root runs it.
  const uid = process.getuid?.() === 0 ? 65534 : (process.getuid?.() ?? 65534);
  const gid = process.getgid?.() === 0 ? 65534 : (process.getgid?.() ?? 65534);
  for (const dir of ["mail", "home"]) {
    mkdirSync(path.join(folder, dir));
    if (process.getuid?.() === 0) chownSync(path.join(folder, dir), uid, gid);
  }
  writeFileSync(path.join(folder, "users"), `${user}:{PLAIN}${password}\n`);
  writeFileSync(
    path.join(folder, "dovecot.conf"),
    [
      `base_dir = ${folder}/run`,
      `state_dir = ${folder}/state`,
      `log_path = ${folder}/dovecot.log`,
      "protocols = imap",
      "listen = 127.0.0.1",
      "ssl = no",
      "disable_plaintext_auth = no",
      "auth_mechanisms = plain login",
      "first_valid_uid = 0",
      `mail_location = maildir:${folder}/mail/%u`,
      ...(idle ? [] : [`imap_capability = ${withoutIdle}`]),
      "service imap-login {",
      `  inet_listener imap {\n    address = 127.0.0.1\n    port = ${port}\n  }`,
      "  inet_listener imaps {\n    port = 0\n  }",
      "  chroot =",
      "}",
      "service anvil {\n  chroot =\n}",
      "passdb {",
      "  driver = passwd-file",
      `  args = scheme=PLAIN username_format=%u ${folder}/users`,
      "}",
      "userdb {",
      "  driver = static",
      `  args = uid=${uid} gid=${gid} home=${folder}/home/%u`,
      "}",
      "",
    ].join("\n"),
  );
  const log = openSync(path.join(folder, "output.log"), "a");
  // In the foreground (-F), so it is this process's child and stops with it.
  const child: ChildProcess = spawn(
    dovecotBinary,
    ["-F", "-c", path.join(folder, "dovecot.conf")],
    {
      stdio: ["ignore", log, log],
    },
  );

  const settings = { host: "127.0.0.1", port, secure: false, auth: { user, pass: password } };
  const connect = async () => {
    const client = new ImapFlow({ ...settings, logger: false });
    client.on("error", () => undefined);
    await client.connect();
    return client;
  };
  let ready = false;
  for (let i = 0; i < 100 && !ready; i++) {
    if (child.exitCode !== null) break;
    try {
      await (await connect()).logout();
      ready = true;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  if (!ready) {
    child.kill();
    const output = readFileSync(path.join(folder, "output.log"), "utf8");
    throw new Error(`Dovecot did not start:\n${output}`);
  }

  return {
    user,
    password,
    port,
    /** IMAP_URL for the app's INBOX: plain imap to a loopback address. */
    url: `imap://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/INBOX`,
    /** A folder of its own for a test (the app watches it as its mailbox). */
    async createMailbox(name: string): Promise<void> {
      const client = await connect();
      try {
        await client.mailboxCreate(name);
      } finally {
        await client.logout();
      }
    },
    /**
     * A message arriving in a folder, as a mail server delivers it (raw RFC 5322 text; bytes
     * are sent as they are, for a test that must not spend time here converting them).
     */
    async deliver(mailbox: string, raw: string | Buffer): Promise<void> {
      const client = await connect();
      try {
        await client.append(mailbox, typeof raw === "string" ? raw.replace(/\r?\n/g, "\r\n") : raw);
      } finally {
        await client.logout();
      }
    },
    /** Many messages arriving in a folder, in order, over one connection. */
    async deliverMany(mailbox: string, raws: string[]): Promise<void> {
      const client = await connect();
      try {
        for (const raw of raws) await client.append(mailbox, raw.replace(/\r?\n/g, "\r\n"));
      } finally {
        await client.logout();
      }
    },
    /** A folder's messages with their flags: to check that nothing was changed. */
    async messages(mailbox: string): Promise<Array<{ uid: number; flags: string[] }>> {
      const client = await connect();
      try {
        const box = await client.mailboxOpen(mailbox, { readOnly: true });
        if (box.exists === 0) return [];
        const found: Array<{ uid: number; flags: string[] }> = [];
        for await (const message of client.fetch("1:*", { uid: true, flags: true }))
          found.push({ uid: message.uid, flags: [...(message.flags ?? [])] });
        return found;
      } finally {
        await client.logout();
      }
    },
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

import { SMTPServer } from "smtp-server";

export type Received = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on a random port; `failNextMessages` makes it refuse the next N
 * messages, for now (451, the default) or for good (a 5xx such as 550).
 */
export async function startSmtp() {
  const received: Received[] = [];
  let failNext = 0;
  let failCode = 451;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        if (failNext > 0) {
          failNext--;
          return callback(
            Object.assign(
              new Error(
                failCode >= 500 ? "No such mailbox here" : "Mailbox temporarily unavailable",
              ),
              { responseCode: failCode },
            ),
          );
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  // A client that dies mid-conversation (a killed instance) resets its connection: the
  // server reports it as an error event, which is the client's failure, not the test's.
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNextMessages: (n: number, code = 451) => {
      failNext = n;
      failCode = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

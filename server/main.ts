import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { type Config, configOrExit, loadConfig } from "./config.ts";
import { describeStartupFailure } from "./startup-errors.ts";

/** The only module with side effects: config → app → listen → graceful shutdown. */
async function main() {
  const config = configOrExit(() => loadConfig(process.env));

  const started = await start(config);
  if (!started.ok) {
    console.error(describeStartupFailure(started.error, config));
    if (config.logLevel === "debug" || config.logLevel === "trace") console.error(started.error);
    process.exit(1);
  }
  const app = started.app;
  if (!config.rateLimit)
    app.log.warn("RATE_LIMIT=off: rate limiting is DISABLED. Use this only for benchmarks.");
  // The owner's zone decides which calls are offered, what is due and when the digest goes
  // out; the site states its hours in the studio's zone, so an unset one is said at start-up.
  if (process.env.TIMEZONE === undefined)
    app.log.warn(
      "TIMEZONE is not set: calls are offered, follow-ups fall due and the digest goes out in UTC. Set it to your own zone, e.g. TIMEZONE=America/New_York.",
    );

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, "second signal, exiting now");
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const timer = setTimeout(() => {
      app.log.error("shutdown took longer than 10 s, exiting");
      process.exit(1);
    }, 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

/**
 * Builds the app (database, migrations, signing key) and listens. A failure here is the
 * operator's to fix (port taken, database down, DATA_DIR unusable): one line, exit 1.
 */
async function start(
  config: Config,
): Promise<{ ok: true; app: FastifyInstance } | { ok: false; error: unknown }> {
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp(config);
    await app.listen({ port: config.port, host: config.host });
    return { ok: true, app };
  } catch (error) {
    await app?.close().catch(() => undefined);
    return { ok: false, error };
  }
}

main().catch((error) => {
  console.error(`server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

/**
 * The API alone, for `npm run dev` (scripts/dev.ts): what `npm start` serves but the built
 * site, which Vite serves from source in development.
 */
import { eventCatalogEntries } from "../app/content/event-catalog.server.ts";
import { buildApp } from "../server/app.ts";
import { ConfigError, loadConfig } from "../server/config.ts";

try {
  const config = loadConfig(process.env);
  // No build in development: the events come from the content as the build would write them.
  const app = await buildApp(config, {
    serveSite: false,
    events: eventCatalogEntries(config.siteUrl),
  });
  await app.listen({ port: config.port, host: "127.0.0.1" });
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.on(signal, () => void app.close().then(() => process.exit(0)));
} catch (error) {
  if (error instanceof ConfigError)
    for (const problem of error.problems) console.error(`config: ${problem}`);
  else console.error(`dev api: ${(error as Error).message}`);
  process.exit(1);
}

/**
 * The API alone, for `npm run dev` (scripts/dev.ts): what `npm start` serves but the built
 * site, which Vite serves from source in development.
 */
import { buildApp } from "../server/app.ts";
import { ConfigError, loadConfig } from "../server/config.ts";

try {
  const config = loadConfig(process.env);
  const app = await buildApp(config, { serveSite: false });
  await app.listen({ port: config.port, host: "127.0.0.1" });
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.on(signal, () => void app.close().then(() => process.exit(0)));
} catch (error) {
  if (error instanceof ConfigError)
    for (const problem of error.problems) console.error(`config: ${problem}`);
  else console.error(`dev api: ${(error as Error).message}`);
  process.exit(1);
}

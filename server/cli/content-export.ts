/**
 * `npm run content:export -- --out DIR`: writes every content entry back as Markdown with YAML
 * frontmatter, in content/'s folders (server/content/export.ts says which copy of each).
 * Uses the same DATA_DIR / DATABASE_URL as the server.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.ts";
import { exportContent } from "../content/export.ts";
import { connectDatabase } from "../db/connect.ts";

const usage = "usage: npm run content:export -- --out DIR";

async function main(): Promise<number> {
  let out: string | undefined;
  try {
    out = parseArgs({ options: { out: { type: "string" } }, strict: true }).values.out;
  } catch (error) {
    console.error(`content:export: ${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (!out) {
    console.error(`content:export: --out is required.\n${usage}`);
    return 2;
  }
  const config = loadConfig(process.env);
  const database = await connectDatabase(config);
  try {
    const outDir = path.resolve(out);
    const { published, drafts } = await exportContent(database.db, outDir);
    console.log(
      `content:export: ${published} published and ${drafts} unpublished entries written to ${outDir}.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (status) => process.exit(status),
  (error) => {
    console.error(
      `content:export: ${error instanceof ConfigError ? error.message : (error as Error).message}`,
    );
    process.exit(1);
  },
);

/**
 * `npm run fuzz -- --runs=N [--seed=S]`: the API fuzz suite (server/api/fuzz.integration.test.ts) with
 * more runs per endpoint than `npm test` gives it, on SQLite and, with TEST_DATABASE_URL, on
 * PostgreSQL. Without --seed each run explores new inputs; a failure prints its seed and
 * counterexample, and `--seed=S` replays it.
 */
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "1000" }, seed: { type: "string" } },
});
const runs = Number(values.runs);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error("usage: npm run fuzz -- --runs=N [--seed=S]");
  process.exit(2);
}
console.log(`fuzz: ${runs} runs per endpoint, seed ${seed}`);
const result = spawnSync("npx", ["vitest", "run", "server/api/fuzz.integration.test.ts"], {
  stdio: "inherit",
  env: { ...process.env, FUZZ_RUNS: String(runs), FUZZ_SEED: String(seed) },
  // The suite scales its timeouts with FUZZ_RUNS.
  shell: false,
});
process.exit(result.status ?? 1);

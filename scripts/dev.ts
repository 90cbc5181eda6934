/**
 * `npm run dev`: Vite's dev server for the pages and the app (hot reload), and the API beside
 * it on DEV_API_PORT (3001 by default), proxied under /api, /healthz and /readyz, so the login
 * and the admin work in development too. Same DATA_DIR / DATABASE_URL as `npm start`. Ctrl-C
 * stops both.
 */
import { type ChildProcess, spawn } from "node:child_process";

const apiPort = process.env.DEV_API_PORT ?? "3001";
const children: ChildProcess[] = [];
const start = (command: string, args: string[], env: Record<string, string>) => {
  const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  children.push(child);
  // One stops (a crash, a port in use): stop the other, and say so by the exit code.
  child.on("exit", (code) => {
    for (const other of children) if (other !== child) other.kill("SIGTERM");
    process.exitCode = code ?? 1;
  });
};

start(process.execPath, ["scripts/dev-api.ts"], { PORT: apiPort });
start("react-router", ["dev"], { DEV_API_ORIGIN: `http://127.0.0.1:${apiPort}` });
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });

import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

const mainScript = path.resolve("server/main.ts");
const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/;

export type ServerProcess = {
  child: ChildProcess;
  output: () => string;
  url: () => Promise<string>;
};

/** Runs server/main.ts as a real process in `cwd` (which must hold build/), with only `env`. */
export function startServerProcess(
  env: Record<string, string>,
  cwd = process.cwd(),
): ServerProcess {
  const child = spawn(process.execPath, [mainScript], {
    cwd,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const append = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  const url = async () => {
    const start = Date.now();
    while (!listening.test(output)) {
      if (child.exitCode !== null)
        throw new Error(`server exited with ${child.exitCode}:\n${output}`);
      if (Date.now() - start > 60_000) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return listening.exec(output)?.[1] ?? "";
  };
  return { child, output: () => output, url };
}

/** Resolves when the process has exited, even if it already has. */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

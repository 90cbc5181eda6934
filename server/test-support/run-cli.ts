import { spawn } from "node:child_process";

/**
 * Runs one of the CLIs in server/cli as `npm run` does, with only PATH and `env` in its
 * environment, without blocking the test's event loop (so several can run at the same
 * moment). `output` is stdout and stderr together, in the order they arrived.
 */
export function runCli(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`server/cli/${script}.ts`, ...args], {
      env: { PATH: process.env.PATH ?? "", ...env },
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("close", (status) => resolve({ status, output }));
  });
}

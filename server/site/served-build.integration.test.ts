import type { ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pruneBuilds, switchBuild } from "../../scripts/build-switch.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { makeFakeBuild } from "../test-support/fake-build.ts";
import { exited, startServerProcess } from "../test-support/server-process.ts";
import { liveServersOf } from "./served-build.ts";

/**
 * `npm run build` keeps the three newest builds; a server started on an older one must keep
 * its pages however many builds come after it, and say it is not ready if its build loses its
 * files anyway (docs/decisions/028-builds-a-live-server-serves.md).
 */
const children: ChildProcess[] = [];
const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const app of apps.splice(0)) await app.close();
});

/** A project as `npm run build` leaves it: builds/<time>-<pid>/, and build/ pointing at one. */
function project() {
  const root = mkdtempSync(path.join(tmpdir(), "fineline-served-"));
  mkdirSync(path.join(root, "builds"));
  return root;
}
let builds = 0;
/** A finished build (the fake one), switched to and followed by the pruning, as build.ts does. */
function deploy(root: string) {
  const name = `2026-11-26T${String(10 + builds++).padStart(2, "0")}-00-00-000Z-1`;
  const dir = path.join(root, "builds", name);
  renameSync(makeFakeBuild(), dir);
  switchBuild(root, dir);
  pruneBuilds(root);
  return dir;
}

async function appServing(root: string) {
  const config = loadConfig(
    { LOG_LEVEL: "silent", DATA_DIR: path.join(root, "data") },
    { buildDir: path.join(root, "build") },
  );
  const app = await buildApp(config);
  apps.push(app);
  return app;
}

describe("the build a running server serves", () => {
  it("outlives three builds after it: its pages still answer 200", async () => {
    const root = project();
    const served = deploy(root);
    const app = await appServing(root);
    expect((await app.inject({ method: "GET", url: "/about" })).statusCode).toBe(200);

    for (let i = 0; i < 3; i++) deploy(root);

    expect(existsSync(path.join(served, "client", "about", "index.html"))).toBe(true);
    expect((await app.inject({ method: "GET", url: "/about" })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);

    // Stopped, it no longer holds the build: the next build deletes it.
    await app.close();
    deploy(root);
    expect(existsSync(served)).toBe(false);
  });

  it("turns /readyz 503 with a reason once its files are gone; /healthz stays 200", async () => {
    const root = project();
    const served = deploy(root);
    const app = await appServing(root);
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);

    // Deleted under it by hand, or by a build tool that does not know the pins.
    rmSync(path.join(served, "client"), { recursive: true, force: true });

    // Checked at most once a second: within two, the balancer hears of it.
    await vi.waitFor(
      async () => {
        const ready = await app.inject({ method: "GET", url: "/readyz" });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({
          status: "unavailable",
          message: "Not ready to serve.",
          reason: "build-incomplete",
        });
        expect(ready.headers["cache-control"]).toBe("no-store");
      },
      { timeout: 2_500, interval: 100 },
    );
    const live = await app.inject({ method: "GET", url: "/healthz" });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: "ok" });
  });

  it("makes /readyz 503 when the build lacks build-info.json (never finished)", async () => {
    const root = project();
    const served = deploy(root);
    const app = await appServing(root);
    rmSync(path.join(served, "build-info.json"));
    await vi.waitFor(
      async () =>
        expect((await app.inject({ method: "GET", url: "/readyz" })).json()).toMatchObject({
          reason: "build-incomplete",
        }),
      { timeout: 2_500, interval: 100 },
    );
  });

  it("is kept for a real server process, and freed when it is killed with kill -9", async () => {
    const root = project();
    const served = deploy(root);
    const server = startServerProcess(
      {
        DATA_DIR: path.join(root, "data"),
        PORT: "0",
        LOG_LEVEL: "info",
        JWT_SECRET: "x".repeat(40),
      },
      root,
    );
    children.push(server.child);
    const url = await server.url();
    expect(liveServersOf(served)).toBe(1);

    for (let i = 0; i < 3; i++) deploy(root);

    expect(existsSync(served)).toBe(true);
    expect((await fetch(`${url}/about`)).status).toBe(200);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);

    // A dead server's pin holds nothing: its process is gone, so the next build deletes it.
    server.child.kill("SIGKILL");
    await exited(server.child);
    expect(liveServersOf(served)).toBe(0);
    deploy(root);
    expect(existsSync(served)).toBe(false);
  }, 30_000);
});

import net from "node:net";

export type TcpProxy = {
  /** The port to connect to instead of the target's. */
  readonly port: number;
  /** Stops forwarding: connections stay open, and new ones are accepted, but nothing passes. */
  pause(): void;
  /** Forwards again, what was held first. */
  resume(): void;
  /** The server is gone: every connection is reset, and new ones are refused. */
  goDown(): Promise<void>;
  /** Accepts and forwards again, on the same port. */
  comeBack(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A TCP proxy in front of a real server (PostgreSQL) that can stop forwarding without closing
 * anything: what a hung database, a stalled network path or a proxy that stopped forwarding
 * looks like from the application, where nothing fails, nothing answers.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let paused = false;
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const held: net.Socket[] = [];

  const connect = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
  };

  const server = net.createServer((client) => {
    if (paused) {
      client.pause();
      client.on("error", () => client.destroy());
      held.push(client);
    } else connect(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("proxy did not listen");

  return {
    port: address.port,
    pause() {
      paused = true;
      for (const { client, upstream } of pairs) {
        client.pause();
        upstream.pause();
      }
    },
    resume() {
      paused = false;
      for (const { client, upstream } of pairs) {
        client.resume();
        upstream.resume();
      }
      for (const client of held.splice(0)) {
        if (!client.destroyed) {
          connect(client);
          client.resume();
        }
      }
    },
    async goDown() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const client of held.splice(0)) client.destroy();
        for (const { client, upstream } of pairs) {
          client.destroy();
          upstream.destroy();
        }
      });
    },
    async comeBack() {
      await new Promise<void>((resolve) => server.listen(address.port, "127.0.0.1", resolve));
    },
    async close() {
      for (const client of held.splice(0)) client.destroy();
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

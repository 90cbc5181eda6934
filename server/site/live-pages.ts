import { createHash } from "node:crypto";
import { brotliDecompressSync } from "node:zlib";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/connect.ts";
import { pageCsp } from "../http/security-headers.ts";
import { precompressAsync } from "./finish-page.ts";
import type { RenderedPage } from "./page-renderer.ts";
import { cacheControlFor } from "./static-site.ts";

/**
 * The pages rendered since the build (docs/decisions/033), as this instance serves them. The
 * database holds them, by build, so every instance of a build serves the same page: each one
 * loads them at start and then asks, every second, for the rows written since it last asked.
 */

export type LivePage = {
  readonly path: string;
  /** The build's own page at this path is no longer served (its entry left the site). */
  readonly gone: boolean;
  readonly contentType: string;
  readonly etag: string;
  readonly scriptHashes: readonly string[];
  /** The bytes as sent without compression (decompressed from `br` when asked). */
  body(): Buffer;
  readonly br: Buffer | null;
  readonly gz: Buffer | null;
  readonly dataHash: string;
  readonly reads: readonly string[];
  readonly renderedAt: number;
};

export type LivePages = {
  get(path: string): LivePage | undefined;
  all(): IterableIterator<LivePage>;
  /**
   * Writes pages and removals in one transaction; served here at once, elsewhere within 5 s.
   * `quick`: compressed fast (brotli 5) rather than smallest (brotli 11), for a publish the
   * owner waits on; the publisher saves the same pages again at 11 right after.
   */
  save(
    pages: readonly RenderedPage[],
    gone: readonly string[],
    generation: number,
    options?: { quick?: boolean },
  ): Promise<LivePage[]>;
  /** Reads what other instances wrote since the last look. */
  refresh(): Promise<LivePage[]>;
  stop(): void;
};

/** How far back each look reaches past the newest row seen: clocks of instances differ. */
const overlapMs = 10_000;

const toBuffer = (value: Uint8Array | null) =>
  value ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : null;

export async function openLivePages(options: {
  db: Db;
  buildId: string;
  log: FastifyBaseLogger;
  clock: () => Date;
  /** Told of pages that arrived from the database (written here or by another instance). */
  onArrived?: (pages: readonly LivePage[]) => void;
  pollMs?: number;
}): Promise<LivePages> {
  const { db, buildId, log, clock } = options;
  const pages = new Map<string, LivePage>();
  let newest = 0;

  async function refresh(): Promise<LivePage[]> {
    const rows = await db
      .selectFrom("rendered_pages")
      .selectAll()
      .where("build_id", "=", buildId)
      .where("rendered_at", ">", Math.max(0, newest - overlapMs))
      .execute();
    const arrived: LivePage[] = [];
    for (const row of rows) {
      const renderedAt = Number(row.rendered_at);
      newest = Math.max(newest, renderedAt);
      const known = pages.get(row.path);
      if (known && known.etag === row.etag && known.gone === Boolean(row.gone)) continue;
      // Only the compressed bytes stay in memory when there are some: nearly every client
      // takes brotli, and the rare one that takes neither gets it decompressed.
      const br = toBuffer(row.br);
      const raw = br ? null : (toBuffer(row.body) ?? Buffer.alloc(0));
      const page: LivePage = {
        path: row.path,
        gone: Boolean(row.gone),
        contentType: row.content_type,
        etag: row.etag,
        scriptHashes: JSON.parse(row.script_hashes) as string[],
        body: () => raw ?? brotliDecompressSync(br ?? Buffer.alloc(0)),
        br,
        gz: toBuffer(row.gz),
        dataHash: row.data_hash,
        reads: JSON.parse(row.reads) as string[],
        renderedAt,
      };
      pages.set(page.path, page);
      arrived.push(page);
    }
    if (arrived.length > 0) options.onArrived?.(arrived);
    return arrived;
  }

  async function save(
    rendered: readonly RenderedPage[],
    gone: readonly string[],
    generation: number,
    { quick = false } = {},
  ) {
    const renderedAt = clock().getTime();
    const compressed = await Promise.all(
      rendered.map((page) => precompressAsync(page.body, quick ? 5 : 11)),
    );
    const rows = [
      ...rendered.map((page, at) => {
        const { br, gz } = compressed[at] ?? { br: null, gz: null };
        return {
          build_id: buildId,
          path: page.path,
          gone: 0,
          content_type: page.contentType,
          data_hash: page.dataHash,
          reads: JSON.stringify(page.reads),
          body: page.body,
          br,
          gz,
          etag: `"${createHash("sha256").update(page.body).digest("base64url").slice(0, 27)}"`,
          script_hashes: JSON.stringify(page.scriptHashes),
          rendered_at: renderedAt,
          generation,
        };
      }),
      ...gone.map((path) => ({
        build_id: buildId,
        path,
        gone: 1,
        content_type: "text/plain",
        data_hash: "",
        reads: "[]",
        body: Buffer.alloc(0),
        br: null,
        gz: null,
        etag: '"gone"',
        script_hashes: "[]",
        rendered_at: renderedAt,
        generation,
      })),
    ];
    if (rows.length === 0) return [];
    await db.transaction().execute(async (trx) => {
      for (const row of rows) {
        await trx
          .insertInto("rendered_pages")
          .values(row)
          .onConflict((oc) =>
            oc
              .columns(["build_id", "path"])
              .doUpdateSet((eb) => ({
                gone: eb.ref("excluded.gone"),
                content_type: eb.ref("excluded.content_type"),
                data_hash: eb.ref("excluded.data_hash"),
                reads: eb.ref("excluded.reads"),
                body: eb.ref("excluded.body"),
                br: eb.ref("excluded.br"),
                gz: eb.ref("excluded.gz"),
                etag: eb.ref("excluded.etag"),
                script_hashes: eb.ref("excluded.script_hashes"),
                rendered_at: eb.ref("excluded.rendered_at"),
                generation: eb.ref("excluded.generation"),
              }))
              // A pass that read the content before a later one never undoes the later one's pages.
              .where("rendered_pages.generation", "<=", (eb) => eb.ref("excluded.generation")),
          )
          .execute();
      }
    });
    return refresh();
  }

  await refresh();
  const timer = setInterval(() => {
    refresh().catch((error: unknown) =>
      log.warn({ err: error }, "site: could not read the pages rendered since the build"),
    );
  }, options.pollMs ?? 1000);
  timer.unref();

  return {
    get: (path) => pages.get(path),
    all: () => pages.values(),
    save,
    refresh,
    stop: () => clearInterval(timer),
  };
}

/** A live page, as the build's files are served: precompressed, revalidated, with its CSP. */
export function sendLivePage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: LivePage,
  options: { upgradeInsecure: boolean },
) {
  const isHtml = page.contentType.startsWith("text/html");
  reply.header("Content-Type", page.contentType);
  reply.header("Cache-Control", cacheControlFor(isHtml ? `${page.path}/index.html` : page.path));
  reply.header("ETag", page.etag);
  reply.header("Last-Modified", new Date(page.renderedAt).toUTCString());
  reply.header("Vary", "Accept-Encoding");
  if (isHtml) reply.header("Content-Security-Policy", pageCsp(page.scriptHashes, options));
  if (request.headers["if-none-match"] === page.etag) return reply.code(304).send();
  const accepts = String(request.headers["accept-encoding"] ?? "");
  if (page.br && /\bbr\b/.test(accepts)) {
    reply.header("Content-Encoding", "br");
    return reply.send(page.br);
  }
  if (page.gz && /\bgzip\b/.test(accepts)) {
    reply.header("Content-Encoding", "gzip");
    return reply.send(page.gz);
  }
  return reply.send(page.body());
}

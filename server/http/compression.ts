import { constants } from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/**
 * The API's JSON compressed when it is worth it (over 1 KB: a page of leads, the OpenAPI
 * document), with brotli at a quick level and gzip for the rest. Pages and assets are not
 * touched: they are precompressed at build time and sent as they are (ADR 001).
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
    customTypes: /^application\/json\b/,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

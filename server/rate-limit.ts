import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";

/**
 * Rate limiting, registered once for the whole app (RATE_LIMIT=on) and opted into per route
 * with `config: limitPerWindow(n)`. With RATE_LIMIT=off the plugin is absent and the route
 * configs are inert. Rejections are Errors with status 429 so they pass through the error
 * handlers (the contact form turns them into a page); the plugin adds Retry-After.
 */
export async function registerRateLimit(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      Object.assign(
        new Error(
          `Too many requests. Please try again in ${Math.ceil(context.ttl / 60000)} minute(s).`,
        ),
        { statusCode: 429 },
      ),
  });
}

export const tenMinutes = 10 * 60 * 1000;

export const limitPerWindow = (max: number, timeWindow = tenMinutes) => ({
  rateLimit: { max, timeWindow },
});

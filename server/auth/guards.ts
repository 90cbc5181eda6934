import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/connect.ts";
import { type TokenSettings, verifyAccessToken } from "./tokens.ts";
import { findUserById } from "./users.repository.ts";

export const accessTexts = Object.freeze({
  unauthenticated: "Please log in.",
  forbidden: "Only the site's administrators can do that.",
});

/** The user id of the request's x-access-token, or null. */
export const accessTokenUser = (request: FastifyRequest, tokens: TokenSettings) => {
  const header = request.headers["x-access-token"];
  return verifyAccessToken(tokens, typeof header === "string" ? header : undefined);
};

/**
 * A preHandler for admin-only routes: 401 without a valid access token (or for a user that
 * no longer exists), 403 for a valid user who is not an admin. The role is read from the
 * database on every request, so a demotion takes effect at once.
 */
export function requireAdmin(db: Db, tokens: TokenSettings) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const userId = await accessTokenUser(request, tokens);
    const user = userId ? await findUserById(db, userId) : undefined;
    if (!user) return reply.code(401).send({ message: accessTexts.unauthenticated });
    if (user.role !== "admin") return reply.code(403).send({ message: accessTexts.forbidden });
    request.admin = { id: user.id, email: user.email };
  };
}

declare module "fastify" {
  interface FastifyRequest {
    /** The admin making the request, set by requireAdmin. */
    admin?: { id: string; email: string };
  }
}

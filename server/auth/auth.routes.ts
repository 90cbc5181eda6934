import type { FastifyInstance, FastifyReply } from "fastify";
import { authTexts, type SessionResponse, validateSignup } from "../../domain/auth.ts";
import { limits } from "../../domain/leads.ts";
import type { Db } from "../db/connect.ts";
import { limitPerWindow } from "../rate-limit.ts";
import { bodyOf } from "../request-body.ts";
import { accessTexts, accessTokenUser } from "./guards.ts";
import { decoyHash, hashPassword, verifyPassword } from "./password.ts";
import { createSession, revokeByToken, rotateRefreshToken } from "./sessions.repository.ts";
import { signAccessToken, type TokenSettings } from "./tokens.ts";
import {
  createUser,
  findUserByEmail,
  findUserById,
  isLocked,
  recordFailedLogin,
  recordSuccessfulLogin,
  type User,
} from "./users.repository.ts";

export type AuthRoutesOptions = { db: Db; tokens: TokenSettings };

export async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions) {
  const { db, tokens } = opts;

  // Tokens and sessions must never be cached by a browser or proxy.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  const session = async (user: User): Promise<SessionResponse> => ({
    id: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    accessToken: await signAccessToken(tokens, user.id),
    refreshToken: (await createSession(db, user.id)).refreshToken,
  });

  app.post("/api/auth/signup", { config: limitPerWindow(5) }, async (request, reply) => {
    const checked = validateSignup(bodyOf(request));
    if (!checked.ok) return reply.code(400).send({ message: checked.message });
    // Role is never taken from the request: sign-up makes users, create-admin makes admins.
    const user = await createUser(db, {
      email: checked.value.email,
      firstName: checked.value.first_name,
      lastName: checked.value.last_name,
      passwordHash: await hashPassword(checked.value.password),
      role: "user",
    });
    if (!user) return reply.code(409).send({ message: authTexts.emailTaken });
    return reply.code(201).send(await session(user));
  });

  app.post(
    "/api/auth/login",
    { config: limitPerWindow(20) },
    async (request, reply: FastifyReply) => {
      const { username, password } = bodyOf(request);
      const email = typeof username === "string" ? username.slice(0, limits.email) : "";
      const secret = typeof password === "string" ? password.slice(0, limits.password * 4) : "";
      const user = email ? await findUserByEmail(db, email) : undefined;
      if (user && isLocked(user)) return reply.code(406).send({ message: authTexts.locked });
      // Same work and same answer whether the user exists or not.
      const ok = await verifyPassword(secret, user?.password_hash ?? (await decoyHash()));
      if (!user || !ok) {
        if (user) await recordFailedLogin(db, user);
        const after = user ? await findUserById(db, user.id) : undefined;
        if (after && isLocked(after)) return reply.code(406).send({ message: authTexts.locked });
        return reply.code(401).send({ message: authTexts.incorrect });
      }
      await recordSuccessfulLogin(db, user);
      return reply.send(await session(user));
    },
  );

  app.post("/api/auth/verify-login", async (request, reply) => {
    const userId = await accessTokenUser(request, tokens);
    const { userID } = bodyOf(request);
    if (!userId || userId !== userID)
      return reply.code(401).send({ message: "Your session has expired. Please log in again." });
    return reply.send({ message: "Session is valid." });
  });

  app.post("/api/auth/refresh", { config: limitPerWindow(60) }, async (request, reply) => {
    const { userID, refresh } = bodyOf(request);
    if (typeof userID !== "string" || typeof refresh !== "string" || refresh.length > 200) {
      return reply.code(401).send({ message: "Your session has expired. Please log in again." });
    }
    const result = await rotateRefreshToken(db, { userId: userID, token: refresh });
    if (result.kind === "rotated") {
      return reply.send({
        accessToken: await signAccessToken(tokens, result.userId),
        refreshToken: result.refreshToken,
      });
    }
    // A twin request from another tab: a fresh access token; the stored refresh token is already the new one.
    if (result.kind === "concurrent")
      return reply.send({ accessToken: await signAccessToken(tokens, result.userId) });
    return reply.code(401).send({ message: "Your session has expired. Please log in again." });
  });

  app.post("/api/auth/logout", async (request, reply) => {
    const { refresh, refreshToken } = bodyOf(request);
    const token =
      typeof refresh === "string" ? refresh : typeof refreshToken === "string" ? refreshToken : "";
    if (token && token.length <= 200) await revokeByToken(db, token);
    // Idempotent: logging out twice, or with an unknown token, is still "logged out".
    return reply.send({ message: "You are logged out." });
  });

  app.post("/api/auth/admin", async (request, reply) => {
    const userId = await accessTokenUser(request, tokens);
    const user = userId ? await findUserById(db, userId) : undefined;
    if (!user) return reply.code(401).send({ message: accessTexts.unauthenticated });
    // From the database, never from the token: a demotion takes effect at once.
    return reply.send({ admin: user.role === "admin" });
  });
}

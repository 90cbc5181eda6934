import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { endpoints } from "../../domain/endpoints.ts";
import { mfaTexts } from "../../domain/mfa.ts";
import { passkeyTexts } from "../../domain/passkeys.ts";
import { isTeamRole } from "../../domain/roles.ts";
import { site } from "../../domain/site.ts";
import { typed } from "../api/contracts.ts";
import { selfAudit } from "../audit/audit-log.repository.ts";
import { limitPerWindow } from "../http/rate-limit.ts";
import { accessTexts, currentUser } from "./guards.ts";
import { clearAttempts, takeAttempt, throttleKey } from "./login-throttle.repository.ts";
import {
  dropRecoveryCodes,
  hasRecoveryCodes,
  hasTotp,
  replaceRecoveryCodes,
} from "./mfa.repository.ts";
import { verifyMfaToken } from "./mfa-token.ts";
import {
  addPasskey,
  challengeTtlMs,
  credentialsOf,
  findCredential,
  hasPasskey,
  listPasskeys,
  recordUse,
  removePasskey,
  storeChallenge,
  takeChallenge,
} from "./passkeys.repository.ts";
import { clientOf, signIn } from "./sign-in.ts";
import { twoFactorRequired } from "./two-factor-policy.repository.ts";
import { findUserById, type User } from "./users.repository.ts";

/** COSE algorithms accepted: ES256, EdDSA, RS256 (what authenticators make in practice). */
const algorithms = [-7, -8, -257];

/** The challenge a browser's answer signed, read from its client data; null when unreadable. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8"));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === "string" && challenge.length <= 512 ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * Passkeys as a second factor (docs/team.md, "Two-factor sign-in"; ADR 042): adding, listing
 * and removing the signed-in account's own, and finishing a login with one. The relying party
 * is the configured site: its hostname is the RP ID and its origin the only origin accepted,
 * so an answer made for a look-alike site is refused. Every failed login step counts against
 * the same throttle as a wrong code.
 */
export async function passkeyRoutes(app: FastifyInstance) {
  const { db, tokens, clock } = app;
  const siteUrl = new URL(app.config.siteUrl);
  const rpID = siteUrl.hostname;
  const expectedOrigin = siteUrl.origin;
  const api = typed(app);
  const audit = selfAudit(db, clock);
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  api.route({
    ...endpoints.passkeyRegistrationOptions,
    config: limitPerWindow(20),
    handler: async (request, reply) => {
      const user = await currentUser(db, request, tokens);
      if (!user) return reply.code(401).send({ message: accessTexts.unauthenticated });
      const existing = await credentialsOf(db, user.id);
      const options = await generateRegistrationOptions({
        rpName: site.name,
        rpID,
        userName: user.email,
        userDisplayName: `${user.first_name} ${user.last_name}`.trim(),
        // Stable per account, so re-registering one authenticator replaces its entry there.
        userID: new TextEncoder().encode(user.id),
        timeout: challengeTtlMs,
        attestationType: "none",
        excludeCredentials: existing.map((row) => ({
          id: row.credentialId,
          transports: row.transports,
        })),
        authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
        supportedAlgorithmIDs: algorithms,
      });
      await storeChallenge(
        db,
        { challenge: options.challenge, userId: user.id, purpose: "register" },
        clock(),
      );
      return reply.send({ ...options });
    },
  });

  api.route({
    ...endpoints.addPasskey,
    config: limitPerWindow(20),
    handler: async (request, reply) => {
      const user = await currentUser(db, request, tokens);
      if (!user) return reply.code(401).send({ message: accessTexts.unauthenticated });
      const response = request.body.response as unknown as RegistrationResponseJSON;
      const challenge = challengeOf(response.response.clientDataJSON);
      const refuse = async (reason: string) => {
        request.log.info({ user: user.id, reason }, "auth: passkey not added");
        return reply.code(400).send({ message: passkeyTexts.notRegistered });
      };
      if (!challenge) return refuse("unreadable client data");
      if (!(await takeChallenge(db, { challenge, userId: user.id, purpose: "register" }, clock())))
        return refuse("unknown, used or expired challenge");
      let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verified = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin,
          expectedRPID: rpID,
          requireUserVerification: false,
          supportedAlgorithmIDs: algorithms,
        });
      } catch (error) {
        return refuse(error instanceof Error ? error.message : "not verified");
      }
      if (!verified.verified) return refuse("not verified");
      const { credential } = verified.registrationInfo;
      const added = await addPasskey(
        db,
        {
          userId: user.id,
          name: request.body.name,
          credentialId: credential.id,
          publicKey: credential.publicKey,
          counter: credential.counter,
          transports: credential.transports ?? response.response.transports,
        },
        clock(),
      );
      if (!added) return refuse("credential already registered");
      // An account without an app gets recovery codes with its first passkey: a lost device
      // must not lock its owner out (docs/team.md, "Two-factor sign-in").
      const recoveryCodes =
        hasTotp(user) || (await hasRecoveryCodes(db, user.id))
          ? undefined
          : await db.transaction().execute((trx) => replaceRecoveryCodes(trx, user.id, clock()));
      await audit(user, "addPasskey", { name: added.name, recoveryCodes: Boolean(recoveryCodes) });
      request.log.info({ user: user.id }, "auth: passkey added");
      return reply.code(201).send({ passkey: added, ...(recoveryCodes ? { recoveryCodes } : {}) });
    },
  });

  api.route({
    ...endpoints.passkeys,
    handler: async (request, reply) => {
      const user = await currentUser(db, request, tokens);
      if (!user) return reply.code(401).send({ message: accessTexts.unauthenticated });
      return reply.send({ passkeys: await listPasskeys(db, user.id) });
    },
  });

  api.route({
    ...endpoints.removePasskey,
    config: limitPerWindow(20),
    handler: async (request, reply) => {
      const user = await currentUser(db, request, tokens);
      if (!user) return reply.code(401).send({ message: accessTexts.unauthenticated });
      // Under the team's rule the last second factor stays, as codes from the app do.
      const keepOne = !hasTotp(user) && isTeamRole(user.role) && (await twoFactorRequired(db));
      const removed = await removePasskey(db, { userId: user.id, id: request.params.id, keepOne });
      if (!removed) return reply.code(404).send({ message: passkeyTexts.unknown });
      if (removed === "last") return reply.code(409).send({ message: passkeyTexts.lastFactor });
      // With no second factor left, the recovery codes have nothing to stand in for.
      if (!hasTotp(user) && !(await hasPasskey(db, user.id))) await dropRecoveryCodes(db, user.id);
      await audit(user, "removePasskey", { name: removed.name });
      return reply.send({ message: passkeyTexts.removed(removed.name) });
    },
  });

  /** The account a login's `mfaToken` stands for, if it is still good and has passkeys. */
  async function pendingLogin(token: string) {
    const claims = await verifyMfaToken(tokens, token, clock());
    const user = claims ? await findUserById(db, claims.userId) : undefined;
    // A password change or a removal since the password step voids it.
    if (!claims || !user || Number(user.token_version) !== claims.version) return undefined;
    return user;
  }

  api.route({
    ...endpoints.passkeyLoginOptions,
    config: limitPerWindow(20),
    handler: async (request, reply) => {
      const user = await pendingLogin(request.body.mfaToken);
      if (!user) return reply.code(401).send({ message: mfaTexts.expired });
      const credentials = await credentialsOf(db, user.id);
      if (credentials.length === 0)
        return reply.code(401).send({ message: passkeyTexts.noPasskeys });
      const options = await generateAuthenticationOptions({
        rpID,
        timeout: challengeTtlMs,
        userVerification: "preferred",
        allowCredentials: credentials.map((row) => ({
          id: row.credentialId,
          transports: row.transports,
        })),
      });
      await storeChallenge(
        db,
        { challenge: options.challenge, userId: user.id, purpose: "login" },
        clock(),
      );
      return reply.send({ ...options });
    },
  });

  /**
   * Whether the answer proves one of the account's passkeys: its challenge is this account's,
   * unused and fresh; the credential is theirs; the signature, origin and RP ID hold; the
   * counter moved forward (or both are zero: authenticators that keep none).
   */
  async function provesPasskey(request: FastifyRequest, user: User, answer: unknown) {
    const response = answer as AuthenticationResponseJSON;
    const challenge = challengeOf(response.response.clientDataJSON);
    if (!challenge) return "unreadable client data";
    if (!(await takeChallenge(db, { challenge, userId: user.id, purpose: "login" }, clock())))
      return "unknown, used or expired challenge";
    const credential = await findCredential(db, user.id, response.id);
    if (!credential) return "not one of this account's passkeys";
    try {
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin,
        expectedRPID: rpID,
        requireUserVerification: false,
        credential: {
          id: credential.credentialId,
          publicKey: credential.publicKey,
          counter: credential.counter,
        },
      });
      if (!verified.verified) return "not verified";
      const from = credential.counter;
      const to = verified.authenticationInfo.newCounter;
      if (!(await recordUse(db, { id: credential.id, from, to }, clock())))
        return "counter taken by another request";
      return null;
    } catch (error) {
      request.log.warn({ user: user.id }, "auth: passkey refused");
      return error instanceof Error ? error.message : "not verified";
    }
  }

  api.route({
    ...endpoints.passkeyLogin,
    config: limitPerWindow(20),
    handler: async (request, reply) => {
      const user = await pendingLogin(request.body.mfaToken);
      if (!user) return reply.code(401).send({ message: mfaTexts.expired });
      const throttle = throttleKey(tokens.key, `mfa:${user.id}`, request.ip);
      const allowed = await takeAttempt(db, throttle);
      const failure = allowed
        ? await provesPasskey(request, user, request.body.response)
        : "throttled";
      if (failure) {
        request.log.info({ user: user.id, reason: failure }, "auth: passkey sign-in refused");
        await audit(user, "mfaFailed", {
          method: "passkey",
          ...(allowed ? {} : { throttled: true }),
        });
        return reply.code(401).send({ message: passkeyTexts.badPasskey });
      }
      await clearAttempts(db, throttle);
      await audit(user, "login", { twoFactor: true, method: "passkey" });
      return reply.send(await signIn(db, tokens, user, clientOf(request)));
    },
  });
}

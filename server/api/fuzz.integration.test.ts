import fc from "fast-check";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Endpoint } from "../../domain/api.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { createContactLead } from "../contact/lead-intake.repository.ts";
import type { DatabaseHandle, Db } from "../db/connect.ts";
import { testEngines } from "../test-support/databases.ts";
import {
  arbitraryOf,
  type Hints,
  hostileQuery,
  hostileSegment,
  hostileText,
  mutated,
  type RawBody,
  rawBodyOf,
} from "../test-support/fuzz-inputs.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { signedInUser, testSecret } from "../test-support/tokens.ts";

/**
 * Property-based fuzzing of every endpoint in domain/endpoints.ts, on every engine, with and
 * without a valid admin token. Each request must get an answer below 500; every 4xx must carry
 * a `message`; no request may change data it has no business changing; the server stays up.
 * `npm test` runs a fixed seed; `npm run fuzz -- --runs=N [--seed=S]` runs more.
 */
const runs = Number(process.env.FUZZ_RUNS ?? 100);
const seed = Number(process.env.FUZZ_SEED ?? 20261123);
/** Logins hash a password each (tens of milliseconds): long runs need long timeouts. */
const timeout = Math.max(60_000, runs * 200);

const tables = [
  "leads",
  "outbox",
  "users",
  "refresh_tokens",
  "lead_events",
  "login_throttle",
  "spam_leads",
  "audit_events",
  "passkeys",
  "webauthn_challenges",
] as const;
type Table = (typeof tables)[number];
type Snapshot = Record<Table, Map<string, string>>;

/** Every row of every table, by its first column, so "changed", "added" and "kept" can be told. */
async function snapshot(db: Db): Promise<Snapshot> {
  const entries = await Promise.all(
    tables.map(async (table) => {
      const rows = (await db.selectFrom(table).selectAll().execute()) as unknown as Array<
        Record<string, unknown>
      >;
      return [
        table,
        new Map(rows.map((row) => [String(Object.values(row)[0]), JSON.stringify(row)])),
      ] as const;
    }),
  );
  return Object.fromEntries(entries) as Snapshot;
}

/** Tables whose rows were added, changed or removed; `insertOnly` tables may only gain rows. */
function changes(before: Snapshot, after: Snapshot) {
  const changed = new Set<Table>();
  const rewritten = new Set<Table>();
  for (const table of tables) {
    const [a, b] = [before[table], after[table]];
    if (a.size !== b.size) changed.add(table);
    for (const [key, row] of a) {
      if (b.get(key) !== row) {
        changed.add(table);
        rewritten.add(table);
      }
    }
    for (const key of b.keys()) if (!a.has(key)) changed.add(table);
  }
  return { changed, rewritten };
}

type Token = "none" | "garbage" | "signedUp" | "admin";
type FuzzRequest = { token: Token; path: string; query: string; body: RawBody };

describe.each(testEngines)("fuzzing every endpoint on $name", (engine) => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let signedUp: Awaited<ReturnType<typeof signedInUser>>;
  const leadIds: string[] = [];
  let spamId = "";
  /** The fixtures as first stored: put back before each endpoint, whatever the last one did. */
  let fixtures: { leads: unknown[]; spam: unknown[] } = { leads: [], spam: [] };
  let sent = 0;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on("unhandledRejection", onUnhandled);
    database = await engine.open();
    // Rate limits are tested elsewhere; here they would stop requests before the handlers.
    app = await buildTestApp(database, { JWT_SECRET: testSecret, RATE_LIMIT: "off" });
    admin = await signedInUser(database.db, "admin");
    signedUp = await signedInUser(database.db, "user");
    for (const name of ["Rosa", "Jamal", "Mei"]) {
      const { id } = await createContactLead(database.db, {
        firstName: name,
        lastName: "Fuzz",
        email: `${name.toLowerCase()}@shop.example`,
        message: `Hello from ${name}`,
        sourcePage: "/",
      });
      leadIds.push(id);
    }
    spamId = (
      await createContactLead(database.db, {
        firstName: "Bot",
        lastName: "Fuzz",
        email: "bot@spam.example",
        message: "Cheap backlinks, first page guaranteed, order today!",
        sourcePage: "/",
        spam: "honeypot",
      })
    ).id;
    fixtures = {
      leads: await database.db.selectFrom("leads").selectAll().execute(),
      spam: await database.db.selectFrom("spam_leads").selectAll().execute(),
    };
  });

  /** Erasing, marking as spam and Not spam move the fixtures: each endpoint starts from them. */
  async function restock() {
    const ids = [...leadIds, spamId];
    await database.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("outbox").where("lead_id", "in", ids).execute();
      await trx.deleteFrom("lead_events").where("lead_id", "in", ids).execute();
      await trx.deleteFrom("leads").where("id", "in", ids).execute();
      await trx.deleteFrom("spam_leads").where("id", "in", ids).execute();
      await trx
        .insertInto("leads")
        .values(fixtures.leads as never)
        .execute();
      await trx
        .insertInto("spam_leads")
        .values(fixtures.spam as never)
        .execute();
    });
  }
  afterAll(async () => {
    process.off("unhandledRejection", onUnhandled);
    console.info(
      `fuzz on ${engine.name}: ${sent} requests, seed ${seed}, ${runs} runs per endpoint`,
    );
    await app.close();
    await database.close();
  });

  const tokenValue = (token: Token) =>
    ({
      none: undefined,
      garbage: "garbage.token.value",
      signedUp: signedUp.accessToken,
      admin: admin.accessToken,
    })[token];

  /** Real values a client may hold (its own tokens, ids and e-mail), for derived bodies to use. */
  const hintsFor = (leadId: string): Hints => ({
    ID: [leadId, leadId.toUpperCase()],
    userID: [signedUp.id, admin.id],
    refresh: [signedUp.refreshToken, signedUp.accessToken],
    refreshToken: [signedUp.refreshToken],
    username: ["sam@fineline.studio", "user@fineline.studio", "USER@fineline.studio"],
    email: ["rosa@bakery.example", "new.person@shop.example"],
    UpdatedAt: [null],
    IDs: [[leadId], leadIds, [leadId, spamId]],
  });

  function requestOf(endpoint: Endpoint): fc.Arbitrary<FuzzRequest> {
    const schema = endpoint.schema;
    const withId = endpoint.url.includes(":id");
    const segment = withId
      ? fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...leadIds, spamId) },
          { weight: 1, arbitrary: hostileSegment },
        )
      : fc.constant(leadIds[0] ?? "");
    return segment.chain((id) => {
      const hints = hintsFor([...leadIds, spamId].includes(id) ? id : (leadIds[0] ?? ""));
      const path = endpoint.url.replace(":id", id);
      const queryNames = schema.querystring
        ? Object.keys(
            (schema.querystring as unknown as { _zod: { def: { shape: object } } })._zod.def.shape,
          )
        : ["x"];
      const query = schema.querystring
        ? fc.oneof(
            arbitraryOf(schema.querystring, hints).map((value) =>
              new URLSearchParams(
                Object.entries(value as object).map(([k, v]) => [k, String(v)]),
              ).toString(),
            ),
            hostileQuery(queryNames),
          )
        : fc.oneof(
            { weight: 4, arbitrary: fc.constant("") },
            { weight: 1, arbitrary: hostileQuery(queryNames) },
          );
      const body =
        endpoint.method === "GET"
          ? fc.constant<RawBody>({ contentType: undefined, payload: undefined })
          : rawBodyOf(
              schema.body
                ? mutated(arbitraryOf(schema.body, hints))
                : fc.oneof(fc.constant(undefined), hostileText),
            );
      const token = fc.constantFrom<Token>(
        "admin",
        "admin",
        "admin",
        "none",
        "garbage",
        "signedUp",
      );
      return fc.record({ token, path: fc.constant(path), query, body });
    });
  }

  /** Which tables a request may change, given what it was and how it was answered. */
  function allowed(endpoint: Endpoint, request: FuzzRequest, status: number, location?: string) {
    const ok = status < 300 || (status === 303 && location === "/contact/sent");
    switch (endpoint) {
      case endpoints.contactUs:
        return {
          // A lead, or spam kept for review (the honeypot, a forged timing token, a repeat).
          tables: ok ? ["leads", "outbox", "spam_leads"] : [],
          insertOnly: true,
        };
      case endpoints.signup:
        return { tables: ok ? ["users", "refresh_tokens"] : [], insertOnly: true };
      case endpoints.login:
        return {
          tables:
            status === 200
              ? ["refresh_tokens", "login_throttle", "users"]
              : status === 401
                ? ["login_throttle"]
                : [],
          insertOnly: false,
        };
      // Two-factor set-up keeps its pending secret on the account; a wrong code is counted
      // against the login throttle.
      case endpoints.startTotp:
        return { tables: status === 200 ? ["users"] : [], insertOnly: false };
      case endpoints.confirmTotp:
        return {
          tables:
            status === 200 ? ["users", "login_throttle"] : status === 400 ? ["login_throttle"] : [],
          insertOnly: false,
        };
      // Passkeys: asking for options keeps a challenge (clearing expired ones); adding one
      // uses its challenge up, right or wrong; removing is one's own. Finishing a login with
      // one needs a real password step, which no fuzzed token is.
      case endpoints.passkeyRegistrationOptions:
      case endpoints.passkeyLoginOptions:
        return { tables: status === 200 ? ["webauthn_challenges"] : [], insertOnly: false };
      case endpoints.addPasskey:
        return {
          tables:
            status === 201
              ? ["passkeys", "webauthn_challenges"]
              : status === 400
                ? ["webauthn_challenges"]
                : [],
          insertOnly: false,
        };
      case endpoints.removePasskey:
        return { tables: status === 200 ? ["passkeys"] : [], insertOnly: false };
      case endpoints.passkeyLogin:
        return {
          tables:
            status === 200
              ? ["refresh_tokens", "login_throttle", "users", "passkeys", "webauthn_challenges"]
              : status === 401
                ? ["login_throttle", "webauthn_challenges"]
                : [],
          insertOnly: false,
        };
      // A new password: the account (and its token version), its other sessions ended; a wrong
      // current password counts against the login throttle.
      case endpoints.changePassword:
        return {
          tables:
            status === 200
              ? ["users", "refresh_tokens", "login_throttle"]
              : status === 400
                ? ["login_throttle"]
                : [],
          insertOnly: false,
        };
      // Ending one's own sessions.
      case endpoints.endSession:
      case endpoints.endOtherSessions:
        return { tables: status === 200 ? ["refresh_tokens"] : [], insertOnly: false };
      // Asking for a reset link counts the address (the login throttle's backoff) and, for an
      // account on a server with e-mail, queues the link.
      case endpoints.requestPasswordReset:
        return { tables: status === 202 ? ["login_throttle", "outbox"] : [], insertOnly: false };
      // A reset link: a new password, every session ended, then signed in (or the code asked).
      case endpoints.resetPassword:
        return {
          tables: status === 200 ? ["users", "refresh_tokens", "login_throttle"] : [],
          insertOnly: false,
        };
      // An invitation queues its e-mail (the invitation itself is in a table not watched here).
      case endpoints.invite:
      case endpoints.resendInvitation:
        return {
          tables: request.token === "admin" && status < 300 ? ["outbox"] : [],
          insertOnly: true,
        };
      // Someone's own name and availability.
      case endpoints.updateMe:
        return { tables: status === 200 ? ["users"] : [], insertOnly: false };
      // Role changes and removals by the owner (a removal ends the person's sessions; an
      // editor or someone removed gives their open leads back, with history).
      case endpoints.changeRole:
      case endpoints.removeMember:
        return {
          tables:
            request.token === "admin" && status === 200
              ? ["users", "refresh_tokens", "leads", "lead_events"]
              : [],
          insertOnly: false,
        };
      // An owner's reset of someone's second factors ends their sessions too.
      case endpoints.resetTwoFactor:
        return {
          tables:
            request.token === "admin" && status === 200
              ? ["users", "refresh_tokens", "passkeys", "webauthn_challenges"]
              : [],
          insertOnly: false,
        };
      // Rotation, and revocation of a whole session when a used token comes back.
      case endpoints.refresh:
      case endpoints.logout:
        return { tables: ["refresh_tokens"], insertOnly: false };
      case endpoints.book:
        // A booking is a lead (or spam kept for review) and its meeting's claims.
        return {
          tables:
            status === 201
              ? [
                  "leads",
                  "outbox",
                  "spam_leads",
                  "form_token_uses",
                  "meetings",
                  "meeting_claims",
                  "meeting_day_places",
                ]
              : [],
          insertOnly: true,
        };
      case endpoints.saveAvailability:
        return {
          tables: request.token === "admin" && status === 200 ? ["booking_settings"] : [],
          insertOnly: false,
        };
      // Giving a lead to someone queues their e-mail.
      case endpoints.updateLead:
      case endpoints.bulkUpdate:
        return {
          tables:
            request.token === "admin" && status === 200 ? ["leads", "lead_events", "outbox"] : [],
          insertOnly: false,
        };
      // A merge rewrites the kept lead, moves the other's rows and history to it, and records
      // the other's leaving for the live updates.
      case endpoints.mergeLead:
        return {
          tables:
            request.token === "admin" && status === 200
              ? ["leads", "lead_events", "outbox", "audit_events"]
              : [],
          insertOnly: false,
        };
      case endpoints.eraseLead:
      case endpoints.markSpam:
      case endpoints.notSpam:
      case endpoints.bulkErase:
      case endpoints.bulkSpam:
      case endpoints.bulkNotSpam:
        return {
          tables:
            request.token === "admin" && status === 200
              ? ["leads", "lead_events", "outbox", "spam_leads", "audit_events"]
              : [],
          insertOnly: false,
        };
      // An import adds and fills in leads; undoing one erases them (and their history, mail
      // and audit events, as erasure does) and puts fields back. Only a text/csv body imports.
      case endpoints.importLeads:
      case endpoints.undoImport:
        return {
          tables:
            request.token === "admin" && status === 200
              ? ["leads", "lead_events", "outbox", "audit_events"]
              : [],
          insertOnly: false,
        };
      default:
        return { tables: [], insertOnly: true };
    }
  }

  async function send(endpoint: Endpoint, request: FuzzRequest) {
    const token = tokenValue(request.token);
    const options: InjectOptions = {
      method: endpoint.method,
      url: request.query ? `${request.path}?${request.query}` : request.path,
      headers: {
        ...(token ? { "x-access-token": token } : {}),
        ...(request.body.contentType ? { "content-type": request.body.contentType } : {}),
      },
      ...(request.body.payload !== undefined ? { payload: request.body.payload } : {}),
    };
    sent++;
    const res = await app.inject(options);
    // What a request started after its answer (a reset link) is its own doing, not the next's.
    await app.afterAnswer.idle();
    return res;
  }

  for (const [name, endpoint] of Object.entries(endpoints) as Array<[string, Endpoint]>) {
    it(
      `${endpoint.method} ${endpoint.url} (${name}): no 5xx, every 4xx explained, no stray writes`,
      async () => {
        await restock();
        await fc.assert(
          fc.asyncProperty(requestOf(endpoint), async (request) => {
            const before = await snapshot(database.db);
            const res = await send(endpoint, request);
            const what = `${endpoint.method} ${res.statusCode} ${JSON.stringify(request).slice(0, 300)}`;
            expect(res.statusCode, `${what}\n${res.body.slice(0, 300)}`).toBeLessThan(500);
            if (res.statusCode >= 400) {
              const body = JSON.parse(res.body) as { message?: unknown };
              expect(typeof body.message, what).toBe("string");
              expect(String(body.message).trim(), what).not.toBe("");
            }
            const after = await snapshot(database.db);
            const { changed, rewritten } = changes(before, after);
            const rule = allowed(endpoint, request, res.statusCode, res.headers.location as string);
            for (const table of changed)
              expect(rule.tables, `${what} changed ${table}`).toContain(table);
            if (rule.insertOnly) expect([...rewritten], `${what} rewrote rows`).toEqual([]);
          }),
          { seed, numRuns: runs, endOnFailure: true },
        );
      },
      timeout,
    );
  }

  it(
    "answers unknown methods and paths under /api with a JSON 404 and a message",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"),
          fc.oneof(
            fc.constantFrom("/api", "/api/", "/api/leads", "/api/auth"),
            hostileSegment.map((s) => `/api/${s}`),
          ),
          async (method, url) => {
            sent++;
            const res = await app.inject({ method: method as InjectOptions["method"], url });
            expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
            if (res.statusCode >= 400)
              expect(JSON.parse(res.body).message).toEqual(expect.any(String));
          },
        ),
        { seed, numRuns: runs },
      );
    },
    timeout,
  );

  it("is still up and healthy afterwards, with nothing left unhandled", async () => {
    const res = await app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(unhandled).toEqual([]);
    // The data every request was allowed to see is still there.
    expect((await snapshot(database.db)).leads.size).toBeGreaterThanOrEqual(leadIds.length);
  });
});

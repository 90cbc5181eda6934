import * as z from "zod/mini";

/**
 * What every API contract is built from: the error body, text rules, and the shape of an
 * endpoint. zod/mini, because the browser loads these schemas too (the admin's API client
 * parses every response with them) and mini's functions tree-shake where zod's methods do not.
 */

/**
 * Every error body (docs/product.md, "Principles"): `{ "message": "…" }`; some carry more (a 409
 * has the lead).
 */
export const errorBody = z.object({ message: z.string() });

/**
 * Addresses and tokens are one line of printable text: no C0 control character or DEL. Names
 * refuse more (nameCheck). Free text (messages, notes) may hold anything a paste brings (tabs,
 * line breaks, a form feed from a word processor) except NUL, which PostgreSQL cannot store in
 * text at all.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const controlCharacter = /[\u0000-\u001f\u007f]/;

export const hasControlCharacter = (value: string) => controlCharacter.test(value);
export const hasNul = (value: string) => value.includes("\u0000");

/** A one-line string without control characters (e-mail addresses, tokens, login fields). */
export const lineCheck = (error: string) =>
  z.refine<string>((value) => !hasControlCharacter(value), { error });

/** A text without NUL (messages, notes). */
export const textCheck = (error: string) => z.refine<string>((value) => !hasNul(value), { error });

/**
 * What a person's name may not hold, since it is shown to others (the admin, the daily digest)
 * and must read as typed: control characters (C0, DEL and C1, which terminals act on), line and
 * paragraph separators (a second line), and the bidirectional embeddings, overrides and isolates,
 * which turn `Ann\u202Egnp.exe` into "Annexe.png" on screen. The direction marks (LRM, RLM, ALM)
 * go too: a name in any script renders correctly without explicit marks, so one only hides.
 */
const notInName =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

const isOneLineName = (value: string) => !notInName.test(value);

/** A person's name on one line that shows as typed: see notInName. */
export const nameCheck = (error: string) => z.refine<string>(isOneLineName, { error });

/**
 * An ISO 8601 timestamp as this API writes them (`Date.toISOString()`), from 1970 to 9999:
 * the expanded years JavaScript also parses (`+275760-09-13T…`) overflow both databases, and
 * PostgreSQL has no year 0. No timestamp this API writes is older than 1970.
 */
export const isoTimestampPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const isIsoTimestamp = (value: string) =>
  isoTimestampPattern.test(value) &&
  value >= "1970-01-01" &&
  new Date(value).toISOString() === value;

export const isoTimestamp = z
  .string()
  .check(
    z.regex(isoTimestampPattern),
    z.describe("An ISO 8601 UTC timestamp, e.g. 2026-11-23T09:30:00.000Z."),
  );

/**
 * A body that may be left out: Fastify validates an absent body as null, and calls fixed as
 * taking an "empty body" (docs/product.md, "The admin check") may send nothing at all. Absent
 * or null reads as `{}`.
 */
export const optionalBody = <S extends z.ZodMiniObject>(schema: S) =>
  z.pipe(
    z.nullish(schema),
    z.transform((value): z.output<S> => value ?? (z.parse(schema, {}) as z.output<S>)),
  );

/** The header that carries the access token, fixed (docs/product.md, "Principles"). */
export const accessTokenHeader = "x-access-token";
/** The OpenAPI security scheme of admin and session endpoints. */
export const accessTokenScheme = "accessToken";

type ResponseSchemas = Record<number, z.ZodMiniType | { description: string; content: object }>;

/**
 * One endpoint, described once: Fastify validates requests and serializes responses from it,
 * @fastify/swagger turns it into /api/openapi.json, and the browser parses responses with it.
 * The shape is Fastify's route schema, plus what OpenAPI shows.
 */
export type Endpoint = {
  readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  readonly url: string;
  readonly schema: {
    readonly summary: string;
    readonly description?: string;
    readonly tags: readonly string[];
    readonly security?: ReadonlyArray<Record<string, readonly string[]>>;
    readonly consumes?: readonly string[];
    readonly produces?: readonly string[];
    readonly params?: z.ZodMiniType;
    readonly querystring?: z.ZodMiniType;
    readonly body?: z.ZodMiniType;
    readonly response: ResponseSchemas;
  };
};

/** What a client may always get back from any endpoint, besides what it names itself. */
const commonErrors = {
  429: "Too many requests from this address; `Retry-After` says when to try again.",
  500: "Something failed on the server; nothing was changed.",
} as const;

const errorDescriptions: Record<number, string> = {
  400: "The request is malformed or a field is invalid; `message` says which.",
  401: "No valid access token (`x-access-token`): missing, expired, forged or revoked.",
  403: "A valid token, but the account is not on the team or its role does not include this.",
  404: "No such lead.",
  409: "The lead changed since the version the request was based on.",
  413: "The body is larger than this endpoint accepts.",
  415: "The body is neither JSON nor (where accepted) a form post.",
  ...commonErrors,
};

/** An error body whose description says what this status means here (for the reference). */
export const errorFor = (description: string) =>
  z.object({ message: z.string() }).check(z.describe(description));

type ErrorSchema = ReturnType<typeof errorFor>;

/** `{ message }` responses for the given statuses, plus the 429 and 500 any endpoint may give. */
export function errorResponses<S extends number>(
  ...statuses: S[]
): Record<S | 429 | 500, ErrorSchema> {
  const all = [...new Set<number>([...statuses, 429, 500])].sort();
  return Object.fromEntries(
    all.map((status) => [status, errorFor(errorDescriptions[status] ?? "An error.")]),
  ) as Record<S | 429 | 500, ErrorSchema>;
}

/** Endpoints that need an access token in `x-access-token` (401 without a valid one). */
export const tokenSecurity = [{ [accessTokenScheme]: [] }] as const;

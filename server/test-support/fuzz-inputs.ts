import fc from "fast-check";
import type * as z from "zod/mini";

/**
 * Inputs for fuzzing the API: values derived from an endpoint's own contract (close to valid,
 * so requests get past the first check and reach the handlers), and hostile values that no
 * contract allows (wrong types, huge, deeply nested, control characters, prototype keys).
 */

type Def = {
  type: string;
  shape?: Record<string, z.ZodMiniType>;
  innerType?: z.ZodMiniType;
  in?: z.ZodMiniType;
  element?: z.ZodMiniType;
  options?: z.ZodMiniType[];
  entries?: Record<string, string>;
  values?: unknown[];
  checks?: Array<{ _zod: { def: { check: string; maximum?: number; minimum?: number } } }>;
};

const defOf = (schema: z.ZodMiniType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Text a person might type, and text an attacker would: quotes, SQL, markup, Unicode, controls. */
/** Text with a control character somewhere in it (NUL above all: PostgreSQL cannot store it). */
export const withControl = fc
  .tuple(
    fc.string({ maxLength: 12 }),
    fc.constantFrom(
      "\u0000",
      "\u0000",
      "\u0001",
      "\u0008",
      "\u000b",
      "\u001f",
      "\u007f",
      "\t",
      "\n",
    ),
    fc.string({ maxLength: 12 }),
  )
  .map(([before, control, after]) => `${before}${control}${after}`);

export const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: withControl },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "\u0000",
      "a\u0000b",
      "\u0007\u001b[31m",
      "\r\nBcc: spy@evil.example",
      "' or '1'='1",
      '"; drop table leads; --',
      "%",
      "_",
      "\\",
      "<script>alert(1)</script>",
      "=cmd|' /C calc'!A0",
      "\ud800",
      "\udfff\ud800",
      "😀".repeat(50),
      "ß".repeat(101),
      "+275760-09-13T00:00:00.000Z",
      "-271821-04-20T00:00:00.000Z",
      "0000-00-00T00:00:00.000Z",
      "0000-01-01T00:00:00.000Z",
      "__proto__",
      "constructor",
      "NaN",
      "null",
      "x".repeat(5001),
    ),
  },
);

/** Any JSON value, including the shapes no contract accepts. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(null, true, false, 0, -0, 1e308, -1e308, 2 ** 53 + 1, 4.2, -1),
  fc.integer(),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
  fc.constant({ __proto__: null, polluted: true }),
);

/** Values worth trying for some fields: what a client that holds real data would send. */
export type Hints = Readonly<Record<string, readonly unknown[]>>;

/**
 * Derives an arbitrary of values a contract describes: mostly valid (so requests reach the
 * handlers and the database), with text that is often hostile (control characters, quotes,
 * overlong). `hints` supplies real values for named fields (an existing lead's ID, a real token).
 */
export function arbitraryOf(
  schema: z.ZodMiniType,
  hints: Hints = {},
  depth = 0,
): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case "object": {
      const shape = def.shape ?? {};
      const fields = Object.fromEntries(
        Object.entries(shape).map(([key, value]) => {
          const derived = arbitraryOf(value, hints, depth + 1);
          const known = hints[key];
          return [
            key,
            known?.length
              ? fc.oneof(
                  { weight: 3, arbitrary: fc.constantFrom(...known) },
                  { weight: 1, arbitrary: derived },
                )
              : derived,
          ];
        }),
      );
      // Every field may be missing: a contract's required fields are a rule to test, not assume.
      return fc.record(fields, { requiredKeys: [] });
    }
    case "string": {
      const max = def.checks?.find((c) => c._zod.def.check === "max_length")?._zod.def.maximum;
      return fc.oneof(
        { weight: 2, arbitrary: fc.string({ maxLength: Math.min(max ?? 60, 60) }) },
        { weight: 2, arbitrary: withControl },
        { weight: 1, arbitrary: hostileText },
        { weight: 1, arbitrary: fc.constant("x".repeat((max ?? 5000) + 1)) },
      );
    }
    case "enum":
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...Object.values(def.entries ?? {})) },
        { weight: 1, arbitrary: hostileText },
      );
    case "literal":
      return fc.constantFrom(...(def.values ?? [null]));
    case "boolean":
      return fc.boolean();
    case "number":
      return fc.oneof(fc.integer(), fc.double());
    case "optional":
    case "nullable":
    case "catch":
    case "default":
    case "prefault":
    case "readonly":
      return def.innerType ? arbitraryOf(def.innerType, hints, depth) : hostileValue;
    case "pipe":
      return def.in ? arbitraryOf(def.in, hints, depth) : hostileValue;
    case "array":
      return depth > 3 || !def.element
        ? fc.constant([])
        : fc.array(arbitraryOf(def.element, hints, depth + 1), { maxLength: 3 });
    case "union":
      return fc.oneof(
        ...(def.options ?? []).map((option) => arbitraryOf(option, hints, depth + 1)),
      );
    default:
      return hostileValue;
  }
}

/** One field of a contract's value replaced by something hostile, or the whole value. */
export const mutated = (base: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 3, arbitrary: base },
    {
      weight: 2,
      arbitrary: fc
        .tuple(base, hostileText, hostileValue)
        .map(([value, key, replacement]) =>
          value && typeof value === "object" && !Array.isArray(value)
            ? { ...value, [Object.keys(value)[0] ?? key]: replacement }
            : replacement,
        ),
    },
    { weight: 1, arbitrary: hostileValue },
  );

/** A raw request body: its bytes and the Content-Type it claims. */
export type RawBody = { contentType: string | undefined; payload: Buffer | string | undefined };

const json = (value: unknown) => JSON.stringify(value) ?? "null";

/** Bodies as they arrive on the wire: JSON of a value, and what JSON.stringify cannot make. */
export const rawBodyOf = (value: fc.Arbitrary<unknown>): fc.Arbitrary<RawBody> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: value.map((v) => ({ contentType: "application/json", payload: json(v) })),
    },
    {
      weight: 1,
      arbitrary: value.map((v) => ({
        contentType: "application/x-www-form-urlencoded",
        payload: new URLSearchParams(
          v && typeof v === "object"
            ? Object.entries(v).map(([k, x]) => [k, typeof x === "string" ? x : json(x)])
            : [["value", json(v)]],
        ).toString(),
      })),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom<RawBody>(
        // Duplicate keys: the last one wins in JSON.parse; it must still be validated.
        {
          contentType: "application/json",
          payload: '{"email":"a@b.example","email":7,"CommStatus":"DEAD","CommStatus":"NOPE"}',
        },
        // Prototype pollution attempts.
        {
          contentType: "application/json",
          payload: '{"__proto__":{"admin":true},"username":"a@b.example"}',
        },
        {
          contentType: "application/json",
          payload: '{"constructor":{"prototype":{"admin":true}}}',
        },
        // Not UTF-8 at all, and broken UTF-8 inside a string.
        { contentType: "application/json", payload: Buffer.from([0xff, 0xfe, 0x7b, 0x7d]) },
        {
          contentType: "application/json",
          payload: Buffer.from('{"email":"\xc3\x28@b.example","Notes":"\xed\xa0\x80"}', "latin1"),
        },
        {
          contentType: "application/json",
          payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d]),
        },
        // Deeply nested.
        { contentType: "application/json", payload: `${"[".repeat(5000)}${"]".repeat(5000)}` },
        {
          contentType: "application/json",
          payload: `{"Notes":${'{"a":'.repeat(2000)}1${"}".repeat(2000)}}`,
        },
        // Huge: past the body limits.
        { contentType: "application/json", payload: json({ Notes: "n".repeat(70 * 1024) }) },
        { contentType: "application/json", payload: json({ message: "m".repeat(17 * 1024) }) },
        // Malformed, empty, and numbers JSON cannot hold.
        { contentType: "application/json", payload: "{not json" },
        { contentType: "application/json", payload: "" },
        { contentType: "application/json", payload: '{"limit":1e99999,"CommStatus":-0}' },
        // Wrong or missing content types.
        { contentType: "text/plain", payload: '{"username":"a@b.example"}' },
        { contentType: "application/xml", payload: "<a/>" },
        { contentType: "multipart/form-data; boundary=x", payload: "--x\r\n\r\n--x--" },
        { contentType: "application/json; charset=utf-16", payload: '{"a":1}' },
        { contentType: undefined, payload: '{"a":1}' },
        { contentType: undefined, payload: undefined },
      ),
    },
  );

/** A path segment as an attacker would write it: encoded, traversing, or simply wrong. */
export const hostileSegment = fc.oneof(
  fc.uuid().map((id) => id),
  fc.constantFrom(
    "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
    "not-a-uuid",
    "..%2F..%2Fetc%2Fpasswd",
    "%00",
    "%E0%A4%A",
    "%ff",
    "1'%20or%20'1'%3D'1",
    "x".repeat(300),
    "%2e%2e",
  ),
  // Lone surrogates cannot be percent-encoded; Buffer turns them into U+FFFD first.
  hostileText.map((text) => encodeURIComponent(Buffer.from(text).toString())),
);

/** Query strings: the contract's parameters with hostile values, repeated, or unknown. */
export const hostileQuery = (names: readonly string[]) =>
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...names), hostileText),
        fc.oneof(
          hostileText,
          fc.constantFrom("0", "1", "200", "201", "-1", "1.5", "99999999999", "%", "new", "old"),
          fc.constantFrom(
            Buffer.from("2026-11-01T09:00:00.000Z|0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b").toString(
              "base64url",
            ),
            Buffer.from(
              "+275760-09-13T00:00:00.000Z|0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
            ).toString("base64url"),
            Buffer.from(
              "-271821-04-20T00:00:00.000Z|0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
            ).toString("base64url"),
            Buffer.from("0000-01-01T00:00:00.000Z|0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b").toString(
              "base64url",
            ),
          ),
        ),
      ),
      { maxLength: 5 },
    )
    .map((pairs) => new URLSearchParams(pairs).toString());

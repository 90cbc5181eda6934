import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { type CBORType, encodeCBOR } from "@levischuck/tiny-cbor";

/**
 * A software WebAuthn authenticator for the API tests: a real ES256 (P-256) key made with
 * node:crypto, a "none" attestation in CBOR and signed assertions, built as a browser and an
 * authenticator would (W3C WebAuthn Level 2, sections 6.1 and 6.5), so the server's checks run
 * against real signatures. Everything a test may want to get wrong is a parameter: the origin,
 * the RP ID, the counter, the challenge.
 */

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** User present and user verified; 0x40 adds "attested credential data included". */
const flagsUpUv = 0x01 | 0x04;
const flagAttested = 0x40;

const counterBytes = (counter: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
};

export type Authenticator = ReturnType<typeof softwareAuthenticator>;

export function softwareAuthenticator(options: { rpId: string; origin: string }) {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const credentialId = randomBytes(32);
  const id = b64url(credentialId);
  const jwk = (publicKey as KeyObject).export({ format: "jwk" });
  const cose = encodeCBOR(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(String(jwk.x), "base64url"))],
      [-3, new Uint8Array(Buffer.from(String(jwk.y), "base64url"))],
    ]),
  );
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    id,
    /** The browser's answer to registration options: what POST /api/auth/passkeys takes. */
    register(challenge: string, over: { origin?: string; rpId?: string; counter?: number } = {}) {
      const authData = Buffer.concat([
        sha256(over.rpId ?? options.rpId),
        Buffer.from([flagsUpUv | flagAttested]),
        counterBytes(over.counter ?? 0),
        Buffer.alloc(16), // AAGUID: none
        Buffer.from([credentialId.length >> 8, credentialId.length & 0xff]),
        credentialId,
        Buffer.from(cose),
      ]);
      const attestationObject = encodeCBOR(
        new Map<string, CBORType>([
          ["fmt", "none"],
          ["attStmt", new Map<string, CBORType>()],
          ["authData", new Uint8Array(authData)],
        ]),
      );
      return {
        id,
        rawId: id,
        type: "public-key" as const,
        response: {
          clientDataJSON: b64url(
            clientData("webauthn.create", challenge, over.origin ?? options.origin),
          ),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
      };
    },
    /** The browser's answer to authentication options, signed by this key. */
    assert(
      challenge: string,
      counter: number,
      over: { origin?: string; rpId?: string; id?: string } = {},
    ) {
      const authData = Buffer.concat([
        sha256(over.rpId ?? options.rpId),
        Buffer.from([flagsUpUv]),
        counterBytes(counter),
      ]);
      const clientDataJSON = clientData("webauthn.get", challenge, over.origin ?? options.origin);
      const signature = sign(
        "sha256",
        Buffer.concat([authData, sha256(clientDataJSON)]),
        privateKey,
      );
      const credential = over.id ?? id;
      return {
        id: credential,
        rawId: credential,
        type: "public-key" as const,
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
      };
    },
  };
}

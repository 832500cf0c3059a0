/**
 * A push service run by a test: it receives what the app's worker sends to a subscription's endpoint and
 * opens it as a real push service and browser would. It checks the VAPID authorisation (RFC 8292: an ES256
 * JWT signed by the key it names, for this origin, not expired) and decrypts the body with the
 * subscription's private keys (RFC 8291, aes128gcm content coding of RFC 8188), all with node:crypto.
 */
import {
  createCipheriv,
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type KeyObject,
} from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { createServer } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";

/** A browser's side of one subscription: the keys it would give the site, and the private key it keeps. */
export type BrowserKeys = {
  p256dh: string;
  auth: string;
  privateKey: Buffer;
  publicKey: Buffer;
  authSecret: Buffer;
};

export function newBrowserKeys(): BrowserKeys {
  const ecdh = createECDH("prime256v1");
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    p256dh: publicKey.toString("base64url"),
    auth: authSecret.toString("base64url"),
    privateKey: ecdh.getPrivateKey(),
    publicKey,
    authSecret,
  };
}

/** A P-256 public key (65-byte uncompressed point) as a KeyObject, to check a signature with. */
export function p256PublicKey(point: Buffer): KeyObject {
  return createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
}

export type VapidCheck = {
  jwtHeader: unknown;
  claims: { aud: string; exp: number; sub: string };
  key: string;
};

/**
 * Reads `Authorization: vapid t=<jwt>, k=<key>` and verifies the JWT's ES256 signature with that key.
 * Throws when anything is missing or the signature does not verify.
 */
export function checkVapid(authorization: string | undefined): VapidCheck {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  const [header, payload, signature] = jwt.split(".") as [string, string, string];
  const ok = verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key: p256PublicKey(Buffer.from(key, "base64url")), dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!ok) throw new Error("VAPID signature does not verify");
  return {
    jwtHeader: JSON.parse(Buffer.from(header, "base64url").toString()),
    claims: JSON.parse(Buffer.from(payload, "base64url").toString()),
    key,
  };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync("sha256", ikm, salt, info, length));

/** The keys of one aes128gcm message (RFC 8291 §3.4), from either side's view of the ECDH secret. */
function messageKeys(secret: Buffer, authSecret: Buffer, uaPublic: Buffer, asPublic: Buffer, salt: Buffer) {
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = hkdf(authSecret, secret, keyInfo, 32);
  return {
    cek: hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16),
    nonce: hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12),
  };
}

/** Decrypts an aes128gcm Web Push body (one record) with the browser's keys; returns the plaintext. */
export function decryptPushBody(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`key id of ${idLength} bytes, not a P-256 public key`);
  if (record.length > recordSize) throw new Error("more than one record");
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(keys.privateKey);
  const { cek, nonce } = messageKeys(
    ecdh.computeSecret(asPublic),
    keys.authSecret,
    keys.publicKey,
    asPublic,
    salt,
  );
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}

/**
 * Encrypts like an application server would (for testing the decryption above against a known message,
 * independently of web-push): RFC 8291 with a fresh sender key and salt.
 */
export function encryptPushBody(
  plaintext: string,
  keys: Pick<BrowserKeys, "publicKey" | "authSecret">,
): Buffer {
  const sender = createECDH("prime256v1");
  const asPublic = sender.generateKeys();
  const salt = randomBytes(16);
  const { cek, nonce } = messageKeys(
    sender.computeSecret(keys.publicKey),
    keys.authSecret,
    keys.publicKey,
    asPublic,
    salt,
  );
  const cipher = createCipheriv("aes-128-gcm", cek, nonce);
  const sealed = Buffer.concat([
    cipher.update(Buffer.concat([Buffer.from(plaintext), Buffer.from([2])])),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(4096, 16);
  header.writeUInt8(65, 20);
  return Buffer.concat([header, asPublic, sealed]);
}

export type ReceivedPush = { path: string; headers: IncomingHttpHeaders; body: Buffer; at: number };

/**
 * A self-signed certificate for 127.0.0.1, made by the openssl command for this run (push services are
 * HTTPS only, and web-push speaks nothing else). Its PEM is what a client must trust.
 */
export function localCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "push-endpoint-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    return {
      key: readFileSync(path.join(dir, "key.pem"), "utf8"),
      cert: readFileSync(path.join(dir, "cert.pem"), "utf8"),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The endpoint server (HTTPS, `certificate` or a new one): records every POST; answers 201 Created unless `answer` says otherwise for a path
 * (e.g. 410 for a subscription that is gone). `origin` is what the endpoints start with.
 */
export async function startPushEndpoint(certificate = localCertificate(), port = 0) {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number[]>();
  const server = createServer(certificate, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks), at: Date.now() });
      const queued = answers.get(path);
      const status = queued?.length ? queued.shift()! : 201;
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    certificate: certificate.cert,
    received,
    /** The next answers for one endpoint path, in order (then 201 again). */
    answer(path: string, ...statuses: number[]) {
      answers.set(path, statuses);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

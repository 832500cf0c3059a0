/**
 * VAPID keys for the app's Web Push on the local stack, so `npm run dev` and the tests push without anyone
 * making keys and without a key in the repository. Keys the project exported itself (VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY) win. Otherwise a dev data folder keeps its pair in vapid-keys.json (a browser's
 * subscription is bound to the public key, so it must outlive a restart), and a test stack makes a new one.
 */
import { generateKeyPairSync } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export type VapidPair = { publicKey: string; privateKey: string };

/** A new P-256 pair as web-push takes it: the public key as the 65-byte uncompressed point, both base64url. */
export function newVapidPair(): VapidPair {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const jwk = privateKey.export({ format: "jwk" });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x!, "base64url"),
    Buffer.from(jwk.y!, "base64url"),
  ]);
  return { publicKey: point.toString("base64url"), privateKey: jwk.d! };
}

export function localVapidEnv(
  dir: string,
  keep: boolean,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const asEnv = (pair: VapidPair) => ({
    VAPID_PUBLIC_KEY: pair.publicKey,
    VAPID_PRIVATE_KEY: pair.privateKey,
  });
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return asEnv({ publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY });
  }
  if (!keep) return asEnv(newVapidPair());
  const file = path.join(dir, "vapid-keys.json");
  try {
    const saved = JSON.parse(readFileSync(file, "utf8")) as Partial<VapidPair>;
    if (saved.publicKey && saved.privateKey)
      return asEnv({ publicKey: saved.publicKey, privateKey: saved.privateKey });
  } catch {
    // none yet (or unreadable): a new pair below
  }
  const pair = newVapidPair();
  writeFileSync(file, JSON.stringify(pair), { mode: 0o600 });
  return asEnv(pair);
}

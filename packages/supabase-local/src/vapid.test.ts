import { createECDH, createPrivateKey, createPublicKey, sign, verify } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { localVapidEnv, newVapidPair } from "./vapid.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const noEnv = {} as NodeJS.ProcessEnv;
const newDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "vapid-test-"));
  dirs.push(dir);
  return dir;
};

describe("local VAPID keys", () => {
  it("a new pair is a P-256 key pair in web-push's encoding: what the private key signs, the public key verifies", () => {
    const pair = newVapidPair();
    const point = Buffer.from(pair.publicKey, "base64url");
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    expect(Buffer.from(pair.privateKey, "base64url")).toHaveLength(32);
    // The public point is the private key's.
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(pair.privateKey, "base64url"));
    expect(ecdh.getPublicKey().toString("base64url")).toBe(pair.publicKey);
    const jwk = {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    };
    const privateKey = createPrivateKey({ key: { ...jwk, d: pair.privateKey }, format: "jwk" });
    const signature = sign("sha256", Buffer.from("hello"), privateKey);
    expect(
      verify("sha256", Buffer.from("hello"), createPublicKey({ key: jwk, format: "jwk" }), signature),
    ).toBe(true);
  });

  it("a dev data folder keeps its pair across starts, readable by its owner only; a test stack gets a new one each time", () => {
    const dir = newDir();
    const first = localVapidEnv(dir, true, noEnv);
    expect(localVapidEnv(dir, true, noEnv)).toEqual(first);
    expect(statSync(path.join(dir, "vapid-keys.json")).mode & 0o777).toBe(0o600);
    const test = localVapidEnv(newDir(), false, noEnv);
    expect(test.VAPID_PUBLIC_KEY).not.toBe(first.VAPID_PUBLIC_KEY);
    expect(localVapidEnv(newDir(), false, noEnv).VAPID_PUBLIC_KEY).not.toBe(test.VAPID_PUBLIC_KEY);
  });

  it("the project's own keys win", () => {
    const own = { VAPID_PUBLIC_KEY: "pub", VAPID_PRIVATE_KEY: "priv" };
    expect(localVapidEnv(newDir(), true, own as unknown as NodeJS.ProcessEnv)).toEqual(own);
  });
});

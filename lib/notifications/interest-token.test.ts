import { describe, expect, it } from "vitest";
import { signInterestToken, verifyInterestToken } from "./interest-token";
import { signUnsubscribeToken } from "./unsubscribe-token";

const key = Buffer.from("test key");
const id = "3f1c2a9e-8d7b-4c6a-9e5f-0a1b2c3d4e5f";

describe("interest confirmation token", () => {
  it("round-trips the request id", () => {
    expect(verifyInterestToken(signInterestToken(id, key), key)).toBe(id);
  });

  it("refuses a forged, altered or foreign token", () => {
    const token = signInterestToken(id, key);
    expect(verifyInterestToken(signInterestToken(id, Buffer.from("other")), key)).toBeNull();
    expect(verifyInterestToken(token.replace(id, "3f1c2a9e-8d7b-4c6a-9e5f-0a1b2c3d4e50"), key)).toBeNull();
    expect(verifyInterestToken(`${token}.x`, key)).toBeNull();
    expect(verifyInterestToken(token.slice(0, -2), key)).toBeNull();
    expect(verifyInterestToken(signUnsubscribeToken(id, "message", key), key)).toBeNull();
    expect(verifyInterestToken(undefined, key)).toBeNull();
    expect(verifyInterestToken("x".repeat(300), key)).toBeNull();
  });
});

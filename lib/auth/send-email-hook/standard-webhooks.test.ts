import { describe, expect, it } from "vitest";
import { parseSecrets, sign, verify } from "./standard-webhooks";

// The Standard Webhooks specification's example: secret, id, timestamp, body and the signature it gives.
const spec = {
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
  timestamp: "1614265330",
  body: '{"test": 2432232314}',
  signature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
};
const at = Number(spec.timestamp);

describe("Standard Webhooks signatures", () => {
  it("signs the specification's example to its published signature", () => {
    const [key] = parseSecrets(`v1,${spec.secret}`);
    expect(sign(key!, spec.id, spec.timestamp, spec.body)).toBe(spec.signature);
  });

  it("accepts the example, with the secret as the dashboard shows it or bare", () => {
    const headers = { id: spec.id, timestamp: spec.timestamp, signature: spec.signature };
    expect(verify(parseSecrets(`v1,${spec.secret}`), headers, spec.body, at)).toEqual({ ok: true });
    expect(verify(parseSecrets(spec.secret), headers, spec.body, at + 299)).toEqual({ ok: true });
  });

  it("accepts when any listed signature matches any secret (rotation)", () => {
    const headers = { id: spec.id, timestamp: spec.timestamp, signature: `v1,AAAA, ${spec.signature}` };
    const keys = parseSecrets(`v1,whsec_${Buffer.from("old").toString("base64")}|v1,${spec.secret}`);
    expect(verify(keys, headers, spec.body, at).ok).toBe(true);
  });

  it("rejects a changed body, id or timestamp, another secret, or a missing header", () => {
    const keys = parseSecrets(spec.secret);
    const good = { id: spec.id, timestamp: spec.timestamp, signature: spec.signature };
    expect(verify(keys, good, '{"test": 2432232315}', at).ok).toBe(false);
    expect(verify(keys, { ...good, id: "msg_other" }, spec.body, at).ok).toBe(false);
    expect(verify(keys, { ...good, timestamp: String(at + 1) }, spec.body, at).ok).toBe(false);
    expect(verify(parseSecrets("whsec_" + Buffer.from("x").toString("base64")), good, spec.body, at).ok).toBe(
      false,
    );
    expect(verify(keys, { ...good, signature: null }, spec.body, at).ok).toBe(false);
    expect(verify([], good, spec.body, at).ok).toBe(false);
  });

  it("rejects a timestamp more than five minutes old or ahead", () => {
    const keys = parseSecrets(spec.secret);
    const good = { id: spec.id, timestamp: spec.timestamp, signature: spec.signature };
    expect(verify(keys, good, spec.body, at + 301)).toEqual({
      ok: false,
      reason: "webhook-timestamp outside the tolerance",
    });
    expect(verify(keys, good, spec.body, at - 301).ok).toBe(false);
  });
});

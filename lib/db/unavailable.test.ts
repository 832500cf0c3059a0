import { describe, expect, it } from "vitest";
import { DB_UNAVAILABLE_DIGEST, isDbUnavailable, markDbUnavailable } from "./unavailable";

describe("database unavailable", () => {
  it("recognises a refused connection, a closed one and a shutting-down server", () => {
    for (const code of ["ECONNREFUSED", "CONNECTION_CLOSED", "57P01", "57P03", "08006", "53300"])
      expect(isDbUnavailable(Object.assign(new Error("x"), { code }))).toBe(true);
  });

  it("leaves query errors alone: a CHECK, a unique key, RLS, a raised rule", () => {
    for (const code of ["23514", "23505", "42501", "P0429", undefined])
      expect(isDbUnavailable(Object.assign(new Error("x"), { code }))).toBe(false);
    expect(isDbUnavailable(null)).toBe(false);
  });

  it("marks only unavailability with the digest the error boundary looks for", () => {
    const down = markDbUnavailable(Object.assign(new Error("x"), { code: "ECONNREFUSED" }));
    expect((down as { digest?: string }).digest).toBe(DB_UNAVAILABLE_DIGEST);
    const rule = markDbUnavailable(Object.assign(new Error("x"), { code: "23514" }));
    expect((rule as { digest?: string }).digest).toBeUndefined();
  });
});

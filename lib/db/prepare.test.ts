import { describe, expect, it } from "vitest";
import { preparesStatements } from "./prepare";

describe("preparesStatements", () => {
  it("prepares on a direct connection, the session pooler and the local stack", () => {
    expect(preparesStatements("postgresql://postgres:pw@db.abcdefgh.supabase.co:5432/postgres")).toBe(true);
    expect(
      preparesStatements(
        "postgresql://postgres.abcdefgh:pw@aws-0-ap-southeast-2.pooler.supabase.com:5432/postgres",
      ),
    ).toBe(true);
    expect(preparesStatements("postgresql://postgres:postgres@127.0.0.1:54322/postgres")).toBe(true);
  });

  it("does not prepare through the transaction pooler, or when the URL cannot be read", () => {
    expect(
      preparesStatements(
        "postgresql://postgres.abcdefgh:pw@aws-0-ap-southeast-2.pooler.supabase.com:6543/postgres",
      ),
    ).toBe(false);
    expect(preparesStatements("not a url")).toBe(false);
  });
});

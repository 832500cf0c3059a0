import { describe, expect, it } from "vitest";
import { databaseLoginWarning } from "./login-warning";

const pooler = (user: string) =>
  `postgres://${user}:secret@aws-0-ap-southeast-2.pooler.supabase.com:6543/postgres`;

describe("the start-up warning about the database login", () => {
  it("warns a production server that logs in as postgres through the pooler or directly", () => {
    for (const user of ["postgres.abcdefghijklmnop", "postgres"]) {
      const warning = databaseLoginWarning({ NODE_ENV: "production", DATABASE_URL: pooler(user) });
      expect(warning).toMatch(/^SECURITY: DATABASE_URL logs in as "postgres", not as noosa_app\./);
      expect(warning).toContain("bypasses RLS");
      expect(warning).toContain("noosa_app.<project-ref>");
    }
  });

  it("warns about any other role too", () => {
    expect(
      databaseLoginWarning({ NODE_ENV: "production", DATABASE_URL: pooler("authenticator.abc") }),
    ).toMatch(/logs in as "authenticator"/);
  });

  it("says nothing for the app's own login, outside production, or without a URL", () => {
    expect(
      databaseLoginWarning({ NODE_ENV: "production", DATABASE_URL: pooler("noosa_app.abcdefghijklmnop") }),
    ).toBeNull();
    expect(
      databaseLoginWarning({
        NODE_ENV: "production",
        DATABASE_URL: "postgres://noosa_app:local-noosa-app@127.0.0.1:54322/postgres",
      }),
    ).toBeNull();
    expect(databaseLoginWarning({ NODE_ENV: "development", DATABASE_URL: pooler("postgres") })).toBeNull();
    expect(databaseLoginWarning({ NODE_ENV: "production" })).toBeNull();
  });
});

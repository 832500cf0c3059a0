import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { plainClient, stackEnv } from "../test-support/clients.ts";
import { goStringColumns } from "./users.ts";

// The project's seed (supabase/seed.sql) is applied to this stack. Its users are inserted by hand, so they
// must look like rows GoTrue wrote, or real Auth fails every sign-in of theirs with a 500.
const admin = postgres(stackEnv().adminDbUrl, { max: 1, onnotice: () => {} });
afterAll(() => admin.end());

describe("users inserted by hand", () => {
  it("the seed leaves no column GoTrue reads as a string NULL", async () => {
    const users = await admin<{ email: string }[]>`select * from auth.users
      where id::text like 'd0000000-0000-4000-8000-00000000000_' order by email`;
    expect(users.length).toBeGreaterThanOrEqual(9);
    const nulls = users.flatMap((user) =>
      goStringColumns
        .filter((column) => (user as Record<string, unknown>)[column] === null)
        .map((column) => `${user.email}.${column}`),
    );
    expect(nulls).toEqual([]);
  });

  it("a seed user signs in with the demo password", async () => {
    const { data, error } = await plainClient().auth.signInWithPassword({
      email: "mia@example.com",
      password: "noosa-demo-2026",
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe("mia@example.com");
  });

  it("auth.users defaults the token columns to NULL, as GoTrue's migrations do, and such a user cannot sign in", async () => {
    const id = randomUUID();
    const email = `hand-made-${id.slice(0, 8)}@example.com`;
    await admin`insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
        raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
      values ('00000000-0000-0000-0000-000000000000', ${id}, 'authenticated', 'authenticated', ${email},
        extensions.crypt('hand-made-1', extensions.gen_salt('bf', 4)), now(),
        '{"provider": "email", "providers": ["email"]}', '{}', now(), now())`;
    try {
      const [row] =
        await admin`select confirmation_token, recovery_token, email_change_token_new, email_change
        from auth.users where id = ${id}`;
      expect(row).toEqual({
        confirmation_token: null,
        recovery_token: null,
        email_change_token_new: null,
        email_change: null,
      });
      const { error } = await plainClient().auth.signInWithPassword({ email, password: "hand-made-1" });
      expect(error).toMatchObject({ status: 500, message: "Database error querying schema" });
      await admin`update auth.users set confirmation_token = '', recovery_token = '', email_change_token_new = '',
        email_change = '' where id = ${id}`;
      const fixed = await plainClient().auth.signInWithPassword({ email, password: "hand-made-1" });
      expect(fixed.error).toBeNull();
    } finally {
      await admin`delete from auth.users where id = ${id}`;
    }
  });
});

describe("e-mail addresses", () => {
  it.each(["xx:;x@x.x", "a@b-.com", `a@${"a".repeat(64)}.com`])(
    "sign-up, magic link and reset refuse %j with 400 validation_failed, as GoTrue does",
    async (email) => {
      const client = plainClient();
      const answers = [
        (await client.auth.signUp({ email, password: "correct-horse-1" })).error,
        (await client.auth.signInWithOtp({ email })).error,
        (await client.auth.resetPasswordForEmail(email)).error,
      ];
      for (const error of answers) {
        expect(error).toMatchObject({
          status: 400,
          code: "validation_failed",
          message: "Unable to validate email address: invalid format",
        });
      }
    },
  );
});

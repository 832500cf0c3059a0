import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { Claims, Tx } from "@/lib/db";
import { suspendedMessage } from "@/lib/moderation/suspension";
import type { ActionOptions } from "./define-action";

// The session and the database are stood in for; everything the wrapper decides is real.
const stub = vi.hoisted(() => ({ claims: null as Claims | null, ran: [] as (Claims | null)[] }));
vi.mock("@/lib/auth/session", () => ({ getClaims: async () => stub.claims }));
vi.mock("@/lib/db", () => ({
  withRls: async <T>(claims: Claims | null, fn: (tx: Tx) => Promise<T>) => {
    stub.ran.push(claims);
    return fn({} as Tx);
  },
}));
const { action, formAction } = await import("./define-action");

const alice: Claims = { sub: "00000000-0000-4000-8000-00000000a11c", role: "authenticated" };
const pgError = (fields: Record<string, string>) => Object.assign(new Error(fields.message ?? "db"), fields);
const team = z.strictObject({ name: z.string().min(3, "Team name must be at least 3 characters") });

/** An action whose database call fails with `error` (or succeeds with the name). */
type Extra = Pick<ActionOptions<[], object, "user">, "texts" | "errors" | "onSuccess" | "signInRedirect">;
const write = (error?: unknown, extra: Extra = {}) =>
  action(
    {
      name: "test.write",
      fallback: "Failed to save. Please try again.",
      args: [{ schema: team, fields: true }],
      ...extra,
    },
    async ({ db }, input) => {
      const name = await db(async () => {
        if (error) throw error;
        return input.name;
      });
      return { ok: true as const, name };
    },
  );

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  stub.claims = alice;
  stub.ran = [];
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

describe("action", () => {
  it("answers a visitor UNAUTHENTICATED and runs nothing", async () => {
    stub.claims = null;
    expect(await write()({ name: "Swans" })).toEqual({
      ok: false,
      error: "Not authenticated",
      code: "UNAUTHENTICATED",
    });
    expect(stub.ran).toEqual([]);
  });

  it("says not signed in in the action's own words", async () => {
    stub.claims = null;
    const run = write(undefined, { texts: { UNAUTHENTICATED: "Please sign in to join a team" } });
    expect(await run({ name: "Swans" })).toMatchObject({ error: "Please sign in to join a team" });
  });

  it("runs a public action without reading the session, as a visitor", async () => {
    stub.claims = alice;
    const run = action(
      { name: "test.public", fallback: "No", args: [], session: "none" },
      async ({ claims, db }) => ({ ok: true as const, claims, same: await db(async () => 1) }),
    );
    expect(await run()).toEqual({ ok: true, claims: null, same: 1 });
    expect(stub.ran).toEqual([null]);
  });

  it("runs the handler as the signed-in user with the parsed input", async () => {
    expect(await write()({ name: "Swans" })).toEqual({ ok: true, name: "Swans" });
    expect(stub.ran).toEqual([alice]);
  });

  it("refuses bad input with the form's field messages and runs nothing", async () => {
    expect(await write()({ name: "S" })).toEqual({
      ok: false,
      fieldErrors: { name: "Team name must be at least 3 characters" },
    });
    expect(await write()({ name: "Swans", extra: 1 })).toMatchObject({
      ok: false,
      fieldErrors: { form: expect.any(String) },
    });
    expect(stub.ran).toEqual([]);
  });

  it("answers an argument's own text, or its first issue's message", async () => {
    const run = action(
      {
        name: "test.args",
        fallback: "No",
        args: [
          { schema: z.uuid(), error: "Team not found" },
          { schema: z.enum(["swimmer"], { error: "Pick a leg" }) },
        ],
      },
      async () => ({ ok: true as const }),
    );
    expect(await run("nope", "swimmer")).toEqual({ ok: false, error: "Team not found" });
    expect(await run(alice.sub, "diver")).toEqual({ ok: false, error: "Pick a leg" });
    expect(await run(alice.sub, "swimmer")).toEqual({ ok: true });
  });

  it("shows a rule the SQL function raised (P0001) in its own words", async () => {
    const rule = pgError({
      code: "P0001",
      message: "You can only create one team. Please manage your existing team instead.",
    });
    expect(await write(rule)({ name: "Swans" })).toEqual({
      ok: false,
      error: "You can only create one team. Please manage your existing team instead.",
    });
    expect(errors).not.toHaveBeenCalled();
  });

  it("reads the hint: a refusal meant for people, a missing profile, a session that ended", async () => {
    const forbidden = pgError({
      code: "42501",
      hint: "FORBIDDEN",
      message: "Forbidden: You can only update your own teams.",
    });
    expect(await write(forbidden)({ name: "Swans" })).toEqual({
      ok: false,
      error: "Forbidden: You can only update your own teams.",
    });
    const noProfile = pgError({ code: "P0002", hint: "PROFILE_NOT_FOUND", message: "Profile not found" });
    expect(await write(noProfile)({ name: "Swans" })).toEqual({
      ok: false,
      error: "Profile not found",
      code: "PROFILE_NOT_FOUND",
    });
    const texts = { PROFILE_NOT_FOUND: "Please create your profile first" };
    expect(await write(noProfile, { texts })({ name: "Swans" })).toMatchObject({
      error: texts.PROFILE_NOT_FOUND,
    });
    const ended = pgError({ code: "42501", hint: "UNAUTHENTICATED", message: "Not authenticated" });
    expect(await write(ended)({ name: "Swans" })).toEqual({
      ok: false,
      error: "Not authenticated",
      code: "UNAUTHENTICATED",
    });
    expect(errors).not.toHaveBeenCalled();
  });

  it("never shows Postgres' own permission error, whatever it says", async () => {
    const rls = pgError({ code: "42501", message: "Forbidden: new row violates row-level security policy" });
    expect(await write(rls)({ name: "Swans" })).toEqual({
      ok: false,
      error: "Failed to save. Please try again.",
    });
    expect(errors).toHaveBeenCalledTimes(1);
  });

  it("says suspended, and passes on rate limits with their wait", async () => {
    const suspended = pgError({
      code: "42501",
      detail: "ACCOUNT_SUSPENDED",
      message: "Your account is suspended",
    });
    expect(await write(suspended)({ name: "Swans" })).toEqual({
      ok: false,
      error: suspendedMessage,
      code: "SUSPENDED",
    });
    const tooFast = pgError({
      code: "P0429",
      detail: "MESSAGE_RATE",
      hint: "30",
      message: "You're sending messages too fast, try again in 30 seconds",
    });
    expect(await write(tooFast)({ name: "Swans" })).toEqual({
      ok: false,
      error: tooFast.message,
      code: "RATE",
    });
  });

  it("tells a suspended account so, even where the action reads a 42501 itself", async () => {
    const suspended = pgError({
      code: "42501",
      detail: "ACCOUNT_SUSPENDED",
      message: "Your account is suspended",
    });
    const errors = [{ when: { code: "42501" }, fail: { error: "Only the team's members can write here" } }];
    expect(await write(suspended, { errors })({ name: "Swans" })).toEqual({
      ok: false,
      error: suspendedMessage,
      code: "SUSPENDED",
    });
    const rls = pgError({ code: "42501", message: "new row violates row-level security policy" });
    expect(await write(rls, { errors })({ name: "Swans" })).toEqual({
      ok: false,
      error: "Only the team's members can write here",
    });
  });

  it("lets the action's own rules come first, matched on every field they name", async () => {
    const taken = pgError({
      code: "23505",
      constraint_name: "profiles_username_lower_key",
      message: "duplicate key",
    });
    const errors = [
      {
        when: { code: "23505", constraint_name: "profiles_username_lower_key" },
        fail: { fieldErrors: { username: "That username is already taken" } },
      },
      { when: { code: "P0001" }, fail: { error: "Ours" } },
    ];
    expect(await write(taken, { errors })({ name: "Swans" })).toEqual({
      ok: false,
      fieldErrors: { username: "That username is already taken" },
    });
    expect(await write(pgError({ code: "P0001", message: "Theirs" }), { errors })({ name: "Swans" })).toEqual(
      { ok: false, error: "Ours" },
    );
    const otherKey = pgError({ code: "23505", constraint_name: "teams_pkey", message: "duplicate key" });
    expect(await write(otherKey, { errors })({ name: "Swans" })).toEqual({
      ok: false,
      error: "Failed to save. Please try again.",
    });
  });

  it("logs an unexpected error without the input, and answers the fallback", async () => {
    const bug = pgError({ code: "42P01", message: 'relation "public.nope" does not exist' });
    expect(await write(bug)({ name: "Secret Squirrels" })).toEqual({
      ok: false,
      error: "Failed to save. Please try again.",
    });
    expect(errors).toHaveBeenCalledWith("test.write failed", {
      action: "test.write",
      userId: alice.sub,
      code: "42P01",
      message: 'relation "public.nope" does not exist',
    });
    expect(JSON.stringify(errors.mock.calls)).not.toContain("Secret Squirrels");
  });

  it("answers an outage as UNAVAILABLE, in the action's words when it has some", async () => {
    const down = Object.assign(new Error("write CONNECTION_CLOSED"), { code: "CONNECTION_CLOSED" });
    const run = write(down, { texts: { UNAVAILABLE: "Can't reach the server. Your message is kept." } });
    expect(await run({ name: "Swans" })).toEqual({
      ok: false,
      error: "Can't reach the server. Your message is kept.",
      code: "UNAVAILABLE",
    });
  });

  it("lets redirect() through", async () => {
    const { redirect } = await import("next/navigation");
    const run = action({ name: "test.redirect", fallback: "No", args: [] }, async () =>
      redirect("/dashboard"),
    );
    await expect(run()).rejects.toMatchObject({ digest: expect.stringContaining("NEXT_REDIRECT") });
    expect(errors).not.toHaveBeenCalled();
  });

  it("sends a visitor to sign in when the action says where", async () => {
    stub.claims = null;
    await expect(
      write(undefined, { signInRedirect: "/auth?next=/settings" })({ name: "Swans" }),
    ).rejects.toMatchObject({
      digest: expect.stringContaining("/auth?next=/settings"),
    });
  });

  it("runs onSuccess after a success only", async () => {
    const onSuccess = vi.fn();
    await write(undefined, { onSuccess })({ name: "Swans" });
    await write(pgError({ code: "P0001", message: "No" }), { onSuccess })({ name: "Swans" });
    await write(undefined, { onSuccess })({ name: "S" });
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });
});

describe("formAction", () => {
  const run = formAction(
    {
      name: "test.form",
      fallback: "Sorry, we couldn't save your details.",
      session: "none",
      read: (form) => ({ name: String(form.get("name") ?? "") }),
      input: { schema: team, error: "Please check the highlighted fields.", fields: true },
      echo: (values) => ({ values: values as { name: string } }),
    },
    async (_ctx, input) => ({ ok: true as const, name: input.name }),
  );
  const form = (name: string) => {
    const f = new FormData();
    f.set("name", name);
    return f;
  };

  it("reads the form and answers like an action", async () => {
    expect(await run(null, form("Swans"))).toEqual({ ok: true, name: "Swans" });
  });

  it("gives the values typed back with a failure", async () => {
    expect(await run(null, form("S"))).toEqual({
      ok: false,
      error: "Please check the highlighted fields.",
      fieldErrors: { name: "Team name must be at least 3 characters" },
      values: { name: "S" },
    });
  });
});

import { describe, expect, it } from "vitest";
import { safeNext } from "@/lib/auth/safe-next";
import {
  afterSignUp,
  createProfileThen,
  intentRole,
  joinIntentPath,
  messageIntentPath,
  parseJoinIntent,
  signUpThen,
} from "./paths";

const id = "c0000000-0000-4000-8000-000000000003";

describe("intent paths", () => {
  it("a join intent names the team and, when chosen, the leg; anything else is dropped", () => {
    expect(joinIntentPath(id, "runner")).toBe(`/teams/${id}/join?as=runner`);
    expect(joinIntentPath(id, "")).toBe(`/teams/${id}/join`);
    expect(joinIntentPath(id, "captain")).toBe(`/teams/${id}/join`);
    expect(joinIntentPath("../../evil")).toBe("/teams/..%2F..%2Fevil/join");
    expect(intentRole("swimmer")).toBe("swimmer");
    expect(intentRole("admin")).toBeNull();
  });

  it("survives the `next` guard unchanged, through sign-up and create-profile", () => {
    const join = joinIntentPath(id, "runner");
    expect(safeNext(join)).toBe(join);
    const signUp = new URL(signUpThen(join), "http://x.invalid");
    expect(signUp.pathname).toBe("/auth");
    expect(signUp.searchParams.get("view")).toBe("sign_up");
    expect(signUp.searchParams.get("next")).toBe(join);
    const create = new URL(createProfileThen(join), "http://x.invalid");
    expect(create.searchParams.get("next")).toBe(join);
    // Create-profile as the next step of sign-up keeps the intent inside its own `next`.
    const chained = new URL(signUpThen(createProfileThen(join)), "http://x.invalid");
    expect(new URL(chained.searchParams.get("next")!, "http://x.invalid").searchParams.get("next")).toBe(
      join,
    );
    expect(safeNext(messageIntentPath(id))).toBe(`/messages/start/${id}`);
  });

  it("stays on this site, whatever the id; and takes no path it did not make", () => {
    for (const evil of ["//evil.example/x", "https://evil.example", "/\\evil.example", "..%2F..%2F"]) {
      for (const intent of [joinIntentPath(evil, "runner"), messageIntentPath(evil)]) {
        for (const path of [intent, createProfileThen(intent), signUpThen(intent)]) {
          expect(path.startsWith("/") && !path.startsWith("//")).toBe(true);
          expect(new URL(path, "http://x.invalid").origin).toBe("http://x.invalid");
        }
        // Where `next` is read back it is checked again: kept as it is, or dropped, never elsewhere.
        expect([intent, "/dashboard"]).toContain(safeNext(intent));
      }
    }
    // @ts-expect-error a plain string is not an intent path
    signUpThen("https://evil.example");
    // @ts-expect-error a plain string is not an intent path
    createProfileThen("//evil.example/x");
  });
});

describe("join intent context", () => {
  it("reads the team and leg of a join intent, directly or inside create-profile", () => {
    const join = joinIntentPath(id, "runner");
    expect(parseJoinIntent(join)).toEqual({ teamId: id, role: "runner" });
    expect(parseJoinIntent(createProfileThen(join))).toEqual({ teamId: id, role: "runner" });
    expect(parseJoinIntent(joinIntentPath(id))).toEqual({ teamId: id, role: null });
    expect(parseJoinIntent(`/teams/${id}/join?as=captain`)).toEqual({ teamId: id, role: null });
    expect(parseJoinIntent("/dashboard")).toBeNull();
    expect(parseJoinIntent(messageIntentPath(id))).toBeNull();
    expect(parseJoinIntent("")).toBeNull();
  });

  it("sends a new account with a remembered join or message through create-profile, else where it was going", () => {
    const join = joinIntentPath(id, "runner");
    expect(afterSignUp(join)).toBe(createProfileThen(join));
    expect(afterSignUp(messageIntentPath(id))).toBe(createProfileThen(messageIntentPath(id)));
    expect(afterSignUp("/dashboard")).toBe("/dashboard");
    expect(afterSignUp("/teams")).toBe("/teams");
    expect(afterSignUp(`/teams/${id}`)).toBe(`/teams/${id}`);
  });
});

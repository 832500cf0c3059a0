import { describe, expect, it } from "vitest";
import { safeNext } from "@/lib/auth/safe-next";
import { createProfileThen, intentRole, joinIntentPath, messageIntentPath, signUpThen } from "./paths";

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

  it("never carries another site", () => {
    expect(createProfileThen("//evil.example/x")).toBe("/create-profile");
    expect(
      new URL(signUpThen("https://evil.example"), "http://x.invalid").searchParams.get("next"),
    ).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { isProtectedPath, signInRedirectPath } from "./protected-routes.ts";

describe("isProtectedPath", () => {
  it.each([
    "/dashboard",
    "/dashboard/",
    "/profile",
    "/edit-profile",
    "/messages",
    "/settings",
    "/teams",
    "/teams/create",
    "/teams/5b7c",
    "/teams/5b7c/edit",
    "/account/update-password",
  ])("protects %s", (path) => expect(isProtectedPath(path)).toBe(true));

  it.each([
    "/",
    "/browse",
    "/auth",
    "/auth/confirm",
    "/profile/abc",
    "/create-profile",
    "/unsubscribe",
    "/teamsters",
    "/about-noosa",
  ])("leaves %s public", (path) => expect(isProtectedPath(path)).toBe(false));
});

describe("signInRedirectPath", () => {
  it("carries the path and query as next", () => {
    expect(signInRedirectPath("/teams/1/edit", "?x=1&y=2")).toBe(
      "/auth?next=%2Fteams%2F1%2Fedit%3Fx%3D1%26y%3D2",
    );
  });
});

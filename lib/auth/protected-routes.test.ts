import { describe, expect, it } from "vitest";
import { isProtectedPath, signInRedirectPath, teamViewerPath } from "./protected-routes.ts";

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
    "/teams/c0000000-0000-4000-8000-000000000003/edit",
    "/teams/c0000000-0000-4000-8000-000000000003/join",
    "/teams/c0000000-0000-4000-8000-000000000003/viewer",
    "/messages/start/e0000000-0000-4000-8000-000000000001",
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
    "/teams/c0000000-0000-4000-8000-000000000003",
    "/teams/C0000000-0000-4000-8000-000000000003/",
    "/about-noosa",
  ])("leaves %s public", (path) => expect(isProtectedPath(path)).toBe(false));
});

describe("signInRedirectPath", () => {
  it("carries the path and query as next", () => {
    expect(signInRedirectPath("/teams/1/edit", "?x=1&y=2")).toBe(
      "/auth?next=%2Fteams%2F1%2Fedit%3Fx%3D1%26y%3D2",
    );
  });

  it("opens sign-up for a shared link that asks to join a team or to message an athlete", () => {
    expect(signInRedirectPath("/teams/abc/join", "?as=runner")).toBe(
      "/auth?view=sign_up&next=%2Fteams%2Fabc%2Fjoin%3Fas%3Drunner",
    );
    expect(signInRedirectPath("/messages/start/abc", "")).toBe(
      "/auth?view=sign_up&next=%2Fmessages%2Fstart%2Fabc",
    );
    expect(signInRedirectPath("/teams/abc", "")).toBe("/auth?next=%2Fteams%2Fabc");
    expect(signInRedirectPath("/teams/abc/join/extra", "")).toBe("/auth?next=%2Fteams%2Fabc%2Fjoin%2Fextra");
  });
});

describe("teamViewerPath", () => {
  it("maps a team's own page to its per-viewer page, and nothing else", () => {
    const id = "c0000000-0000-4000-8000-000000000003";
    expect(teamViewerPath(`/teams/${id}`)).toBe(`/teams/${id}/viewer`);
    expect(teamViewerPath(`/teams/${id}/`)).toBe(`/teams/${id}/viewer`);
    expect(teamViewerPath(`/teams/${id}/edit`)).toBeNull();
    expect(teamViewerPath("/teams/create")).toBeNull();
    expect(teamViewerPath("/teams/not-a-uuid")).toBe("/teams/not-a-uuid/viewer");
    expect(teamViewerPath("/teams")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { isProtectedPath, teamViewerPath } from "@/lib/auth/protected-routes";
import { firstName, invitationPath, requestPath } from "./decision-paths";

const team = "7ea40000-0000-4000-8000-000000000001";
const other = "3b000000-0000-4000-8000-000000000009";

describe("decision paths", () => {
  it("are protected pages below the team (sign-in first), never the shared public team page", () => {
    for (const path of [requestPath(team, other), invitationPath(team, other)]) {
      expect(isProtectedPath(path)).toBe(true);
      expect(teamViewerPath(path)).toBeNull();
    }
    expect(requestPath(team, other)).toBe(`/teams/${team}/requests/${other}`);
    expect(invitationPath(team, other)).toBe(`/teams/${team}/invitations/${other}`);
  });

  it("encode what they are given, so a path cannot be steered elsewhere", () => {
    expect(requestPath("../../x", "a/b")).toBe("/teams/..%2F..%2Fx/requests/a%2Fb");
  });
});

describe("firstName", () => {
  it.each([
    ["Sam O'Neil", "Sam"],
    ["  Mia   Lawson ", "Mia"],
    ["Madonna", "Madonna"],
  ])("%s → %s", (full, first) => expect(firstName(full)).toBe(first));
});

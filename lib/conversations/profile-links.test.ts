import { describe, expect, it } from "vitest";
import { previewText, splitProfileLinks } from "./profile-links";

const id = "e0000000-0000-4000-8000-000000000006";

describe("splitProfileLinks", () => {
  it("links the profile path of the automatic join message", () => {
    expect(splitProfileLinks(`View my profile: /profile/${id}\nThanks`)).toEqual([
      { text: "View my profile: " },
      { text: `/profile/${id}`, href: `/profile/${id}` },
      { text: "\nThanks" },
    ]);
  });

  it("shows a named link by its name: the automatic join request's \"View Sam's profile\"", () => {
    expect(splitProfileLinks(`My goals: swim fast\n\n[View Sam's profile](/profile/${id})`)).toEqual([
      { text: "My goals: swim fast\n\n" },
      { text: "View Sam's profile", href: `/profile/${id}` },
    ]);
  });

  it("keeps a named link to anything else, or with a label over one line, as plain text", () => {
    for (const text of [
      `[Free money](https://evil.example/profile/${id})`,
      `[two\nlines](/profile/${id})`,
      `[edit](/teams/${id}/edit)`,
    ])
      expect(splitProfileLinks(text).filter((p) => p.href && p.text !== `/profile/${id}`)).toEqual([]);
  });

  it("links the team page of an invitation", () => {
    expect(splitProfileLinks(`Accept or decline on the team page: /teams/${id}`)).toEqual([
      { text: "Accept or decline on the team page: " },
      { text: `/teams/${id}`, href: `/teams/${id}` },
    ]);
  });

  it.each([
    ["a team's edit page", `/teams/${id}/edit`],
    ["another site", `https://evil.example/profile/${id}`],
    ["a longer path", `/profile/${id}/../../admin`],
    ["a protocol-relative address", `//evil.example/profile/${id}`],
    ["not an id", "/profile/abc"],
    ["script", "<script>alert(1)</script>"],
  ])("leaves %s as plain text", (_, text) => {
    expect(splitProfileLinks(text).every((p) => p.href === undefined)).toBe(true);
  });
});

describe("previewText", () => {
  it("shows a named link by its name, and any other text as it is", () => {
    expect(previewText(`Hi Mia!\n\n[View Sam's profile](/profile/${id})`)).toBe(
      "Hi Mia!\n\nView Sam's profile",
    );
    expect(previewText(`See /teams/${id}`)).toBe(`See /teams/${id}`);
  });
});

import { describe, expect, it } from "vitest";
import { seenByCount, seenByText } from "./seen-by";
import type { TeamChatMember } from "./types";

const member = (profile_id: string, last_read_at: string | null): TeamChatMember => ({
  profile_id,
  username: profile_id,
  full_name: profile_id,
  avatar_url: null,
  last_read_at,
});
const message = {
  id: "m1",
  team_id: "t1",
  sender_id: "me",
  content: "Meet at 5:30",
  created_at: "2026-11-27T09:00:00.123456+00:00",
};

describe("seen by", () => {
  it("counts the other members who read up to the message, to the microsecond, never the sender", () => {
    const members = [
      member("me", "2026-11-27T09:05:00+00:00"),
      member("ann", "2026-11-27T09:00:00.123456+00:00"),
      member("bob", "2026-11-27T09:00:00.123455+00:00"),
      member("cy", null),
      member("di", "2026-11-27T10:00:00+00:00"),
    ];
    expect(seenByCount(message, members)).toBe(2);
  });

  it("reads Sent, Seen by N, then Seen by everyone", () => {
    expect(seenByText(0, 2)).toBe("Sent");
    expect(seenByText(1, 2)).toBe("Seen by 1");
    expect(seenByText(2, 2)).toBe("Seen by everyone");
    // A team of two: the one other member has read it, so everyone has.
    expect(seenByText(1, 1)).toBe("Seen by everyone");
  });
});

import { describe, expect, it } from "vitest";
import { applyMessage, applySessionMessage, applyTeamMessage } from "./list";
import type {
  ConversationSummary,
  Message,
  SessionChatMessage,
  SessionChatSummary,
  TeamChatSummary,
} from "./types";

const row = (id: string, at: string, unread = 0): ConversationSummary => ({
  id,
  updated_at: at,
  other_participant: { id: `p-${id}`, username: id, full_name: id, avatar_url: null },
  last_message: { content: "old", created_at: at, sender_id: `p-${id}` },
  unread_count: unread,
});
const msg = (conversation_id: string, sender_id: string, created_at: string): Message => ({
  id: `${conversation_id}-${created_at}`,
  conversation_id,
  sender_id,
  content: "new",
  created_at,
  read: false,
});

describe("applyMessage", () => {
  const list = [row("a", "2026-11-23T10:00:00+00:00"), row("b", "2026-11-23T09:00:00+00:00")];

  it("moves the conversation to the top with the new text and one more unread", () => {
    const next = applyMessage(list, msg("b", "p-b", "2026-11-23T11:00:00+00:00"), "me", false)!;
    expect(next.map((c) => c.id)).toEqual(["b", "a"]);
    expect(next[0]).toMatchObject({ last_message: { content: "new" }, unread_count: 1 });
  });

  it("counts nothing for own messages or the open conversation, and ignores older replays", () => {
    expect(
      applyMessage(list, msg("b", "me", "2026-11-23T11:00:00+00:00"), "me", false)![0]!.unread_count,
    ).toBe(0);
    expect(
      applyMessage(list, msg("b", "p-b", "2026-11-23T11:00:00+00:00"), "me", true)![0]!.unread_count,
    ).toBe(0);
    expect(applyMessage(list, msg("a", "p-a", "2026-11-23T08:00:00+00:00"), "me", false)).toBe(list);
    expect(applyMessage(list, msg("zzz", "p", "2026-11-23T11:00:00+00:00"), "me", false)).toBeNull();
  });
});

const chat = (team_id: string, at: string | null, sender = "ann"): TeamChatSummary => ({
  team_id,
  team_name: team_id,
  member_count: 3,
  last_message: at ? { content: "old", created_at: at, sender_id: sender, sender_name: "Ann Swim" } : null,
  unread_count: 0,
});
const message = (team_id: string, sender_id: string, created_at: string) => ({
  id: `${team_id}-${created_at}`,
  team_id,
  sender_id,
  content: "new",
  created_at,
});

describe("applyTeamMessage", () => {
  const list = [chat("a", "2026-11-27T09:00:00Z"), chat("b", "2026-11-27T08:00:00Z")];

  it("moves the chat to the top with the text, one more unread, the name kept for the same sender", () => {
    const next = applyTeamMessage(list, message("b", "ann", "2026-11-27T09:30:00Z"), "me", false);
    expect(next.map((c) => c.team_id)).toEqual(["b", "a"]);
    expect(next[0]).toMatchObject({
      unread_count: 1,
      last_message: { content: "new", sender_name: "Ann Swim" },
    });
    const other = applyTeamMessage(list, message("b", "bob", "2026-11-27T09:30:00Z"), "me", false);
    expect(other[0]!.last_message!.sender_name).toBe("");
  });

  it("counts nothing for one's own message or the open chat; ignores repeats and unknown chats", () => {
    expect(
      applyTeamMessage(list, message("b", "me", "2026-11-27T09:30:00Z"), "me", false)[0]!.unread_count,
    ).toBe(0);
    expect(
      applyTeamMessage(list, message("b", "ann", "2026-11-27T09:30:00Z"), "me", true)[0]!.unread_count,
    ).toBe(0);
    expect(applyTeamMessage(list, message("a", "ann", "2026-11-27T09:00:00Z"), "me", false)).toBe(list);
    expect(applyTeamMessage(list, message("z", "ann", "2026-11-27T10:00:00Z"), "me", false)).toBe(list);
  });
});

describe("applySessionMessage", () => {
  const chat = (occurrence_id: string, at: string): SessionChatSummary => ({
    occurrence_id,
    session_id: `s-${occurrence_id}`,
    title: `Swim ${occurrence_id}`,
    starts_at: at,
    cancelled: false,
    member_count: 3,
    last_message: { content: "old", created_at: at, sender_id: "p-host", sender_name: "Hana Host" },
    unread_count: 0,
  });
  const list = [chat("x", "2026-11-23T10:00:00+00:00"), chat("y", "2026-11-23T09:00:00+00:00")];
  const said = (occurrence_id: string, sender_id: string, created_at: string): SessionChatMessage => ({
    id: `${occurrence_id}-${created_at}`,
    occurrence_id,
    sender_id,
    content: "new",
    created_at,
  });

  it("moves the date's chat to the top, one more unread, keeping the name when the same member wrote", () => {
    const next = applySessionMessage(list, said("y", "p-host", "2026-11-23T11:00:00+00:00"), "me", false);
    expect(next.map((c) => c.occurrence_id)).toEqual(["y", "x"]);
    expect(next[0]).toMatchObject({
      unread_count: 1,
      last_message: { content: "new", sender_name: "Hana Host" },
    });
    const other = applySessionMessage(list, said("y", "p-other", "2026-11-23T11:00:00+00:00"), "me", true);
    expect(other[0]).toMatchObject({ unread_count: 0, last_message: { sender_name: "" } });
    expect(applySessionMessage(list, said("zzz", "p", "2026-11-23T11:00:00+00:00"), "me", false)).toBe(list);
  });
});

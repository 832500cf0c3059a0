import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { withRls, type Claims } from "@/lib/db";
import {
  adminSql,
  dropAthletes,
  makeAthlete,
  makeTeam,
  addMember,
  type Athlete,
} from "@/test/fixtures/athletes";
import { countRoundTrips } from "@/test/fixtures/round-trips";

// The badge's count and the chats' sends and reads are most of race week's requests. Each holds a pooled
// connection for every round trip it makes, so the questions that do not wait on each other go out
// together. Counted on the wire, on one pooled connection; the answers are the same as before.
const session = vi.hoisted(() => ({ claims: null as Claims | null }));
vi.mock("@/lib/auth/session", () => ({ getClaims: async () => session.claims }));
const messages = await import("./messages");
const teamChat = await import("./team-chat");

const admin = adminSql();
const as = (a: Athlete) => (session.claims = a.claims);
let trips: ReturnType<typeof countRoundTrips>;
let alice: Athlete, bob: Athlete, noProfile: Athlete;
let conversationId = "";
let teamId = "";

beforeAll(async () => {
  alice = await makeAthlete(admin, { isPublic: true });
  bob = await makeAthlete(admin, { isPublic: true });
  noProfile = await makeAthlete(admin, { profile: false });
  teamId = await makeTeam(admin, alice, { roles: ["runner", "swimmer"] });
  await addMember(admin, teamId, bob, "swimmer", "active");
  const [row] = await withRls(
    alice.claims,
    (tx) => tx<{ id: string }[]>`select public.start_conversation(${bob.profileId}) as id`,
  );
  conversationId = row!.id;
  trips = countRoundTrips();
});

afterAll(async () => {
  await trips?.end();
  await dropAthletes(admin, [alice, bob, noProfile]);
  await admin.end();
});

describe("round trips of the messaging actions", () => {
  it("the badge's inbox state: one round trip and COMMIT, with or without a profile", async () => {
    as(bob);
    await messages.fetchInboxStateAction();
    const { writes, value } = await trips.of(() => messages.fetchInboxStateAction());
    expect(writes).toBe(2);
    expect(value).toMatchObject({ ok: true, profileId: bob.profileId, unread: 0, teamIds: [teamId] });

    as(noProfile);
    const none = await trips.of(() => messages.fetchInboxStateAction());
    expect(none.writes).toBe(2);
    expect(none.value).toEqual({ ok: true, profileId: null, unread: 0, teamIds: [], sessionIds: [] });
  });

  it("a message sent: its checks together, then the insert, then COMMIT; the badge counts it", async () => {
    as(alice);
    await messages.sendMessageAction({ id: randomUUID(), conversationId, content: "warm-up" });
    const id = randomUUID();
    const { writes, value } = await trips.of(() =>
      messages.sendMessageAction({ id, conversationId, content: "Swim at six?" }),
    );
    expect(writes).toBe(3);
    expect(value).toMatchObject({ ok: true, message: { id, content: "Swim at six?" } });

    as(bob);
    expect(await messages.fetchInboxStateAction()).toMatchObject({ ok: true, unread: 2 });
  });

  it("marking a thread read: the checks, then the marking with the count it leaves, then COMMIT", async () => {
    // Each statement's first run on a connection is described in a round trip of its own: the sender's
    // marking (nothing of theirs to mark) runs them once.
    as(alice);
    await messages.markReadAction(conversationId);
    as(bob);
    const { writes, value } = await trips.of(() => messages.markReadAction(conversationId));
    expect(writes).toBe(3);
    expect(value).toEqual({ ok: true, count: 2, unread: 0 });
  });

  it("an outsider's marking is refused as before", async () => {
    as(noProfile);
    expect(await messages.markReadAction(conversationId)).toMatchObject({ ok: false });
  });

  it("the team chat read: the marking and the count in one round trip, a non-member refused", async () => {
    as(alice);
    await teamChat.sendTeamChatMessageAction({ id: randomUUID(), teamId, content: "Brick on Sunday" });
    await teamChat.markTeamChatReadAction(teamId);
    as(bob);
    expect(await messages.fetchInboxStateAction()).toMatchObject({ unread: 1 });
    const { writes, value } = await trips.of(() => teamChat.markTeamChatReadAction(teamId));
    expect(writes).toBe(2);
    expect(value).toEqual({ ok: true, unread: 0 });

    as(noProfile);
    expect(await teamChat.markTeamChatReadAction(teamId)).toMatchObject({ ok: false });
  });
});

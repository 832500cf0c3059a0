import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pool, withRls, type Claims } from "@/lib/db";
import { insertMessage } from "@/lib/data/messages";
import { adminSql, dropAthletes, makeAthlete, type Athlete } from "@/test/fixtures/athletes";

// docs/security.md#rate-limits: one athlete put 362 messages into another's inbox in 5 s. The limits live in SQL
// (supabase/schema.sql); the action only passes their text on.
const session = vi.hoisted(() => ({ claims: null as Claims | null }));
vi.mock("@/lib/auth/session", () => ({ getClaims: async () => session.claims }));
const actions = await import("./messages");

const admin = adminSql();
const tooFast = (unit: string) => new RegExp(`^You're sending messages too fast, try again in \\d+ ${unit}$`);
const athletes: Athlete[] = [];
const athlete = async (name: string) => {
  const a = await makeAthlete(admin, { isPublic: true, name });
  athletes.push(a);
  return a;
};
const conversation = async (a: Athlete, b: Athlete) =>
  (
    await admin<{ id: string }[]>`select private.ensure_conversation(${a.profileId}, ${b.profileId}) as id`
  )[0]!.id;
const stored = async (sender: Athlete) =>
  (await admin`select count(*)::int as n from public.messages where sender_id = ${sender.profileId}`)[0]!.n;
/** Each send in its own transaction, as parallel requests would be. */
const insertAs = (sender: Athlete, conversationId: string, content: string, id = randomUUID()) =>
  withRls(sender.claims, (tx) =>
    insertMessage(tx, { id, conversationId, senderId: sender.profileId, content }),
  );

afterAll(async () => {
  await dropAthletes(admin, athletes);
  await admin.end();
  await pool().end();
});

describe("messages per sender", () => {
  let alice: Athlete, bob: Athlete, conversationId: string;
  beforeAll(async () => {
    alice = await athlete("Alice Burst");
    bob = await athlete("Bob Inbox");
    conversationId = await conversation(alice, bob);
  });

  it("a burst of 20 parallel sends stores 5; the rest are refused with the wait", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => insertAs(alice, conversationId, `spam ${i}`)),
    );
    const refused = results.filter((r) => r.status === "rejected").map((r) => r.reason);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const error of refused) {
      expect(error).toMatchObject({ code: "P0429", detail: "MESSAGE_RATE" });
      expect(error.message).toMatch(tooFast("seconds?"));
      expect(Number(error.hint)).toBeGreaterThanOrEqual(1);
      expect(Number(error.hint)).toBeLessThanOrEqual(10);
    }
    expect(await stored(alice)).toBe(5);
    // The other side of the conversation is not limited by Alice's sends.
    await expect(insertAs(bob, conversationId, "Slow down!")).resolves.toMatchObject({
      content: "Slow down!",
    });
  });

  it("the send action answers with the text and stores nothing; a retry of a stored send still succeeds", async () => {
    session.claims = alice.claims;
    const result = await actions.sendMessageAction({ id: randomUUID(), conversationId, content: "one more" });
    expect(result).toMatchObject({
      ok: false,
      code: "RATE",
      error: expect.stringMatching(tooFast("seconds?")),
    });
    expect(await stored(alice)).toBe(5);
    // A send that did reach the database (same id, same text) is answered with the stored row, not refused.
    const [first] = await admin<{ id: string; content: string }[]>`
      select id, content from public.messages where sender_id = ${alice.profileId} order by created_at limit 1`;
    expect(
      await actions.sendMessageAction({ id: first!.id, conversationId, content: first!.content }),
    ).toMatchObject({
      ok: true,
      message: { id: first!.id },
    });
  });

  it("allows sending again once the burst window has passed", async () => {
    // Age the burst past 10 s rather than wait for it.
    await admin`update public.messages set created_at = created_at - interval '11 seconds'
      where sender_id = ${alice.profileId}`;
    await expect(insertAs(alice, conversationId, "calmer now")).resolves.toMatchObject({
      content: "calmer now",
    });
  });

  it("60 an hour: the 61st is refused in minutes, even at a slow pace", async () => {
    const carol = await athlete("Carol Steady");
    const id = await conversation(carol, bob);
    // 59 sends spread over the last 30 minutes (the oldest 30 minutes ago), then one now.
    await admin`insert into public.messages (conversation_id, sender_id, content, created_at)
      select ${id}, ${carol.profileId}, 'steady ' || i, now() - interval '30 minutes' + i * interval '20 seconds'
      from generate_series(0, 58) i`;
    await expect(insertAs(carol, id, "number 60")).resolves.toMatchObject({ content: "number 60" });
    const refused = await insertAs(carol, id, "number 61").catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "P0429", detail: "MESSAGE_RATE" });
    expect((refused as Error).message).toMatch(
      /^You're sending messages too fast, try again in (29|30) minutes$/,
    );
  });

  it("counts only each window: a long history before it neither refuses nor hides a burst", async () => {
    const gil = await athlete("Gil History");
    const id = await conversation(gil, bob);
    // 200 sends from one to two hours ago and 50 from the last hour but older than 10 s, then 4 in the
    // last 10 s: the hour holds 54 (under 60) and the 10 s hold 4, so one more goes and the next is refused.
    await admin`insert into public.messages (conversation_id, sender_id, content, created_at)
      select ${id}, ${gil.profileId}, 'old ' || i, now() - interval '2 hours' + i * interval '18 seconds'
      from generate_series(0, 199) i`;
    await admin`insert into public.messages (conversation_id, sender_id, content, created_at)
      select ${id}, ${gil.profileId}, 'hour ' || i, now() - interval '59 minutes' + i * interval '60 seconds'
      from generate_series(0, 49) i`;
    await admin`insert into public.messages (conversation_id, sender_id, content, created_at)
      select ${id}, ${gil.profileId}, 'burst ' || i, now() - interval '5 seconds'
      from generate_series(1, 4) i`;
    await expect(insertAs(gil, id, "fifth")).resolves.toMatchObject({ content: "fifth" });
    const refused = await insertAs(gil, id, "sixth").catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "P0429", detail: "MESSAGE_RATE" });
    expect((refused as Error).message).toMatch(tooFast("seconds?"));
  });

  it("covers every path: a raw insert through RLS and a join request's automatic message", async () => {
    const dan = await athlete("Dan Direct");
    const id = await conversation(dan, bob);
    for (let i = 0; i < 5; i++) {
      await withRls(
        dan.claims,
        (tx) => tx`insert into public.messages (conversation_id, sender_id, content)
        values (${id}, ${dan.profileId}, ${`raw ${i}`})`,
      );
    }
    await expect(
      withRls(
        dan.claims,
        (tx) => tx`insert into public.messages (conversation_id, sender_id, content)
        values (${id}, ${dan.profileId}, 'raw 5')`,
      ),
    ).rejects.toMatchObject({ code: "P0429", detail: "MESSAGE_RATE" });
    // Bob's team: Dan's join request carries an automatic message, and it is refused with the same text.
    const [team] = await admin<{ id: string }[]>`
      insert into public.teams (name, description, creator_id, requirements)
      values ('Rate Limit Relay', 'A team for the rate limit test', ${bob.authId},
              '{"roles": ["swimmer"], "experience_levels": ["beginner"]}') returning id`;
    await admin`insert into public.team_members (team_id, profile_id, role, status)
      values (${team!.id}, ${bob.profileId}, 'runner', 'active')`;
    const join = await withRls(
      dan.claims,
      (tx) => tx`select public.request_to_join_team(${team!.id}, 'swimmer')`,
    ).catch((error: unknown) => error);
    expect(join).toMatchObject({ code: "P0429", detail: "MESSAGE_RATE" });
    expect(
      (await admin`select count(*)::int as n from public.team_members where team_id = ${team!.id}`)[0]!.n,
    ).toBe(1);
  });

  it("does not limit writes made without a signed-in athlete (seed, service role, benchmark)", async () => {
    const erin = await athlete("Erin Seeded");
    const id = await conversation(erin, bob);
    await admin`insert into public.messages (conversation_id, sender_id, content)
      select ${id}, ${erin.profileId}, 'seeded ' || i from generate_series(1, 30) i`;
    expect(await stored(erin)).toBe(30);
  });
});

describe("new conversations per sender", () => {
  it("20 a day, also when 25 are started at once; reopening one is not new", async () => {
    const frank = await athlete("Frank Starter");
    const others = await Promise.all(Array.from({ length: 25 }, (_, i) => athlete(`Target ${i}`)));
    const results = await Promise.allSettled(
      others.map((other) =>
        withRls(
          frank.claims,
          (tx) => tx<{ id: string }[]>`select public.start_conversation(${other.profileId}) as id`,
        ),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(20);
    const refused = results.filter((r) => r.status === "rejected").map((r) => r.reason);
    expect(refused).toHaveLength(5);
    for (const error of refused) {
      expect(error).toMatchObject({ code: "P0429", detail: "CONVERSATION_RATE" });
      expect(error.message).toMatch(tooFast("hours"));
    }
    const [{ n }] = (await admin`select count(*)::int as n from public.conversations
      where ${frank.profileId} in (participant_one_id, participant_two_id)`) as unknown as [{ n: number }];
    expect(n).toBe(20);

    session.claims = frank.claims;
    const started = others.filter((_, i) => results[i]!.status === "fulfilled");
    const notStarted = others.filter((_, i) => results[i]!.status === "rejected");
    expect(await actions.startConversationAction(notStarted[0]!.profileId)).toEqual({
      ok: false,
      error: expect.stringMatching(tooFast("hours")),
      code: "RATE",
    });
    expect(await actions.startConversationAction(started[0]!.profileId)).toMatchObject({ ok: true });
    // Being written to is not starting: one of the 20 can still start a conversation with Frank's friend.
    expect(
      await withRls(
        started[1]!.claims,
        (tx) => tx`select public.start_conversation(${notStarted[1]!.profileId})`,
      ),
    ).toHaveLength(1);
  });
});

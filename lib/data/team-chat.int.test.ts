import { randomUUID } from "node:crypto";
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls, type Claims } from "@/lib/db";
import {
  insertTeamChatMessage,
  listMyTeamChats,
  listTeamChatMessages,
  markTeamChatRead,
  teamChatMembers,
} from "./team-chat";
import { anonClient, eventually, subscribe } from "@noosa-tri/supabase-local/test-support";
import { adminSql, signedInAthlete, type SignedInAthlete } from "@/test/fixtures/athletes";

// A team's chat (supabase/schema.sql) for every kind of viewer: the creator and
// an accepted member read, write and receive it live; a pending requester, a former member, a stranger and a
// visitor read nothing, write nothing and cannot join its channel. Runs inside `supabase-local --test`.
const admin = adminSql();
type User = SignedInAthlete;
let creator: User, member: User, pending: User, former: User, stranger: User, late: User;
let teamId = "";
let lateRow = "";
const visitor = anonClient();
const claims = (u: User): Claims => ({ sub: u.id, role: "authenticated" });
const as = <T>(u: User, fn: Parameters<typeof withRls<T>>[1]) => withRls(claims(u), fn);

const withProfile = (name: string): Promise<User> =>
  signedInAthlete(admin, { name, specialty: "runner", avatar: false });

async function addMember(u: User, status: string) {
  const [row] = await admin<{ id: string }[]>`
    insert into public.team_members (team_id, profile_id, role, status)
    values (${teamId}, ${u.profileId}, 'runner', ${status}) returning id`;
  return row!.id;
}

/** Joins a private channel; resolves with how it settled. */
function join(client: SupabaseClient, topic: string) {
  const channel = client.channel(topic, { config: { private: true } });
  return new Promise<{ channel: RealtimeChannel; status: string }>((resolve) =>
    channel.subscribe((status) => {
      if (status !== "CLOSED") resolve({ channel, status });
    }),
  );
}

const send = (u: User, content: string, id = randomUUID()) =>
  as(u, (tx) => insertTeamChatMessage(tx, { id, teamId, senderId: u.profileId, content }));
const unread = async (u: User) =>
  (await as(u, (tx) => tx<{ n: number }[]>`select public.unread_message_count() as n`))[0]!.n;

beforeAll(async () => {
  const made = await Promise.all(
    ["Cara Creator", "Max Member", "Pia Pending", "Fred Former", "Sid Stranger", "Lou Late"].map(withProfile),
  );
  [creator, member, pending, former, stranger, late] = made as [User, User, User, User, User, User];
  const [team] = await admin<{ id: string }[]>`
    insert into public.teams (name, description, creator_id, requirements)
    values (${`Chat ${randomUUID().slice(0, 6)}`}, 'A team for the chat test', ${creator.id},
            '{"roles": ["runner"], "experience_levels": ["beginner"]}')
    returning id`;
  teamId = team!.id;
  await addMember(creator, "active");
  await addMember(member, "active");
  await addMember(pending, "pending");
  const formerRow = await addMember(former, "active");
  await admin`update public.team_members set status = 'left' where id = ${formerRow}`;
  lateRow = await addMember(late, "pending");
});

afterAll(async () => {
  for (const c of [creator, member, pending, former, stranger, late].map((u) => u?.client).concat(visitor))
    await c?.removeAllChannels();
  await admin`delete from auth.users where id in ${admin([creator, member, pending, former, stranger, late].map((u) => u.id))}`;
  await admin.end();
  await pool().end();
});

describe("a team's chat", () => {
  it("is read and written by its active members only", async () => {
    const first = await send(creator, "Who racks the bike?");
    expect(first).toMatchObject({ content: "Who racks the bike?", team_id: teamId });
    expect(await send(member, "I will, 6 am at transition")).not.toBeNull();
    for (const u of [creator, member]) {
      const seen = await as(u, (tx) => listTeamChatMessages(tx, teamId));
      expect(seen.map((m) => m.content)).toEqual(["Who racks the bike?", "I will, 6 am at transition"]);
      expect((await as(u, (tx) => teamChatMembers(tx, teamId))).map((m) => m.full_name).sort()).toEqual([
        "Cara Creator",
        "Max Member",
      ]);
    }
    for (const u of [pending, former, stranger]) {
      expect(await as(u, (tx) => listTeamChatMessages(tx, teamId))).toEqual([]);
      expect(await as(u, (tx) => teamChatMembers(tx, teamId))).toEqual([]);
      expect(
        await as(u, (tx) => tx`select * from public.team_chat_reads where team_id = ${teamId}`),
      ).toHaveLength(0);
      await expect(send(u, "Let me in")).rejects.toThrow(/row-level security/);
      expect(await as(u, (tx) => markTeamChatRead(tx, teamId))).toBe(false);
    }
    // A visitor (role anon) may not even ask.
    const asAnon = (query: string) =>
      admin.begin(async (tx) => {
        await tx`set local role anon`;
        return tx.unsafe(query);
      });
    await expect(asAnon(`select * from public.team_chat_messages`)).rejects.toThrow(/permission denied/);
    await expect(asAnon(`select * from public.team_chat_reads`)).rejects.toThrow(/permission denied/);
    await expect(asAnon(`select * from public.team_chat_members('${teamId}')`)).rejects.toThrow(
      /permission denied/,
    );
  });

  it("lets nobody write as someone else, and stores a retried send once", async () => {
    await expect(
      as(member, (tx) =>
        insertTeamChatMessage(tx, { id: randomUUID(), teamId, senderId: creator.profileId, content: "Fake" }),
      ),
    ).rejects.toThrow(/row-level security/);
    const id = randomUUID();
    await send(member, "Chip changes hands at the blue tent", id);
    expect(await send(member, "Chip changes hands at the blue tent", id)).toMatchObject({ id });
    const [row] = await admin<
      { n: number }[]
    >`select count(*)::int as n from public.team_chat_messages where id = ${id}`;
    expect(row!.n).toBe(1);
  });

  it("takes in a member when accepted and keeps nothing for one who leaves", async () => {
    expect(await as(late, (tx) => listTeamChatMessages(tx, teamId))).toEqual([]);
    await admin`update public.team_members set status = 'active' where id = ${lateRow}`;
    // The whole history, none of it unread for the newcomer.
    expect((await as(late, (tx) => listTeamChatMessages(tx, teamId))).length).toBeGreaterThanOrEqual(3);
    expect(await unread(late)).toBe(0);
    await send(creator, "Welcome Lou");
    expect(await unread(late)).toBe(1);
    await admin`update public.team_members set status = 'left' where id = ${lateRow}`;
    expect(await as(late, (tx) => listTeamChatMessages(tx, teamId))).toEqual([]);
    expect(await unread(late)).toBe(0);
    const [reads] = await admin<{ n: number }[]>`
      select count(*)::int as n from public.team_chat_reads where team_id = ${teamId} and profile_id = ${late.profileId}`;
    expect(reads!.n).toBe(0);
    const [mail] = await admin<{ n: number }[]>`
      select count(*)::int as n from private.notification_outbox
      where kind = 'team_chat' and team_id = ${teamId} and recipient_id = ${late.profileId} and status = 'pending'`;
    expect(mail!.n).toBe(0);
  });

  it("counts unread messages in the badge and the chats list until read; 'Seen by' follows read state", async () => {
    await as(member, (tx) => markTeamChatRead(tx, teamId));
    await send(creator, "Meet at 5:30 by the swim start");
    expect(await unread(member)).toBe(1);
    const [chat] = await as(member, (tx) => listMyTeamChats(tx));
    expect(chat).toMatchObject({
      team_id: teamId,
      member_count: 2,
      unread_count: 1,
      last_message: { content: "Meet at 5:30 by the swim start", sender_name: "Cara Creator" },
    });
    expect(await as(stranger, (tx) => listMyTeamChats(tx))).toEqual([]);
    expect(await as(member, (tx) => markTeamChatRead(tx, teamId))).toBe(true);
    expect(await unread(member)).toBe(0);
    const last = (await as(creator, (tx) => listTeamChatMessages(tx, teamId))).at(-1)!;
    const readers = (await as(creator, (tx) => teamChatMembers(tx, teamId))).filter(
      (m) => m.profile_id !== creator.profileId && m.last_read_at && m.last_read_at >= last.created_at,
    );
    expect(readers.map((m) => m.profile_id)).toEqual([member.profileId]);
  });

  it("lets only active members join its channel, and delivers each message live to them alone", async () => {
    const topic = `team:${teamId}`;
    expect((await join(member.client, topic)).status).toBe("SUBSCRIBED");
    for (const client of [pending.client, former.client, stranger.client, visitor])
      expect((await join(client, topic)).status).toBe("CHANNEL_ERROR");
    const spec = {
      event: "INSERT" as const,
      schema: "public",
      table: "team_chat_messages",
      filter: `team_id=eq.${teamId}`,
    };
    const toMember = await subscribe(member.client, `team-member-${randomUUID()}`, spec);
    const toFormer = await subscribe(former.client, `team-former-${randomUUID()}`, spec);
    const toStranger = await subscribe(stranger.client, `team-stranger-${randomUUID()}`, spec);
    const id = randomUUID();
    await send(creator, "Live to the team", id);
    await eventually(() => toMember.received.some((r) => r.new.id === id), 5000, "the member's copy");
    await new Promise((r) => setTimeout(r, 300));
    expect(toFormer.received).toHaveLength(0);
    expect(toStranger.received).toHaveLength(0);
  });

  it("shares the 1:1 send limit: five in ten seconds over both kinds of message", async () => {
    const [conv] = await admin<{ id: string }[]>`
      select private.ensure_conversation(${member.profileId}, ${stranger.profileId}) as id`;
    await new Promise((r) => setTimeout(r, 10_500));
    for (let i = 0; i < 3; i++)
      await as(
        member,
        (tx) => tx`insert into public.messages (conversation_id, sender_id, content)
        values (${conv!.id}, ${member.profileId}, ${`one to one ${i}`})`,
      );
    await send(member, "team 1");
    await send(member, "team 2");
    await expect(send(member, "team 3")).rejects.toThrow(/sending messages too fast/);
  }, 20_000);

  it("is reported per message and hidden by a moderator for good; a suspended member writes nothing", async () => {
    const id = randomUUID();
    await send(creator, "Something rude", id);
    const [report] = await as(
      member,
      (tx) => tx<{ r: string }[]>`
      select public.report_content('message', ${id}, 'harassment') as r`,
    );
    expect(report!.r).toBe("reported");
    await expect(
      as(stranger, (tx) => tx`select public.report_content('message', ${id}, 'spam')`),
    ).rejects.toThrow(/Not found/);
    const [mod] = await admin<{ id: string }[]>`
      insert into auth.users (id, email) values (gen_random_uuid(), ${`mod-${randomUUID()}@example.test`}) returning id`;
    await admin`insert into private.moderators (user_id) values (${mod!.id})`;
    const [r] = await admin<{ id: string }[]>`select id from public.reports where target_id = ${id}`;
    await withRls(
      { sub: mod!.id, role: "authenticated" },
      (tx) => tx`select public.moderate_hide_message(${r!.id})`,
    );
    expect((await as(member, (tx) => listTeamChatMessages(tx, teamId))).some((m) => m.id === id)).toBe(false);
    // A retry of the hidden send stores nothing.
    await new Promise((r) => setTimeout(r, 10_500));
    await as(
      creator,
      (tx) => tx`insert into public.team_chat_messages (id, team_id, sender_id, content)
      values (${id}, ${teamId}, ${creator.profileId}, 'Something rude')`,
    );
    const [again] = await admin<
      { n: number }[]
    >`select count(*)::int as n from public.team_chat_messages where id = ${id}`;
    expect(again!.n).toBe(0);
    await admin`insert into private.suspended_accounts (user_id) values (${creator.id})`;
    await expect(send(creator, "Still here")).rejects.toThrow(/suspended/);
    await admin`delete from private.suspended_accounts where user_id = ${creator.id}`;
    await admin`delete from auth.users where id = ${mod!.id}`;
  }, 20_000);
});

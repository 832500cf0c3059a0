import { randomUUID } from "node:crypto";
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls, type Claims } from "@/lib/db";
import {
  insertSessionChatMessage,
  listMySessionChats,
  listSessionChatMessages,
  markSessionChatRead,
  sessionChatMembers,
} from "./session-chat";
import { dashboardSessionChats, readDashboard } from "./dashboard";
import { createSession, leaveSession, takePlace } from "./session-writes";
import { anonClient, eventually, subscribe } from "@noosa-tri/supabase-local/test-support";
import { adminSql, signedInAthlete, type SignedInAthlete } from "@/test/fixtures/athletes";

// A session date's group chat (supabase/migrations/*_session_chat.sql) for every kind of viewer: the host and
// the athletes going read, write and receive it live; a waitlisted athlete, one who left, a stranger and a
// visitor read nothing, write nothing and cannot join its channel. Runs inside `supabase-local --test`.
const admin = adminSql();
type User = SignedInAthlete;
let host: User, going: User, late: User, waiting: User, leaver: User, stranger: User;
let occurrenceId = "";
const visitor = anonClient();
const claims = (u: User): Claims => ({ sub: u.id, role: "authenticated" });
const as = <T>(u: User, fn: Parameters<typeof withRls<T>>[1]) => withRls(claims(u), fn);
const everyone = () => [host, going, late, waiting, leaver, stranger];

const withProfile = (name: string): Promise<User> =>
  signedInAthlete(admin, { name, specialty: "swimmer", avatar: false, isPublic: true });

/** Joins a private channel; resolves with how it settled. */
function join(client: SupabaseClient, topic: string) {
  const channel = client.channel(topic, { config: { private: true } });
  return new Promise<{ channel: RealtimeChannel; status: string }>((resolve) =>
    channel.subscribe((status) => {
      if (status !== "CLOSED") resolve({ channel, status });
    }),
  );
}

const send = (u: User, content: string, id: string = randomUUID()) =>
  as(u, (tx) => insertSessionChatMessage(tx, { id, occurrenceId, senderId: u.profileId, content }));
const read = (u: User) => as(u, (tx) => listSessionChatMessages(tx, occurrenceId));
const unread = async (u: User) =>
  (await as(u, (tx) => tx<{ n: number }[]>`select public.unread_message_count() as n`))[0]!.n;
const stateOf = async (u: User) =>
  (
    await admin<{ state: string }[]>`
      select state from public.session_rsvps where occurrence_id = ${occurrenceId} and profile_id = ${u.profileId}`
  )[0]?.state;

beforeAll(async () => {
  const made = await Promise.all(
    ["Hana Host", "Gus Going", "Lou Late", "Wes Waiting", "Lee Leaver", "Sid Stranger"].map(withProfile),
  );
  [host, going, late, waiting, leaver, stranger] = made as [User, User, User, User, User, User];
  const [day] = await admin<{ d: string }[]>`
    select ((now() at time zone 'Australia/Brisbane')::date + 3)::text as d`;
  const created = await as(host, (tx) =>
    createSession(tx, {
      title: `Chat swim ${randomUUID().slice(0, 4)}`,
      sport: "open_water_swim",
      meeting_point: "noosa_main_beach",
      duration_minutes: 60,
      level: "all",
      places: 2,
      first_day: day!.d,
      local_time: "05:45",
      late_cancel_hours: 0,
    }),
  );
  occurrenceId = created.occurrence_id;
  expect(await as(going, (tx) => takePlace(tx, occurrenceId))).toBe("going");
  expect(await as(leaver, (tx) => takePlace(tx, occurrenceId))).toBe("going");
  expect(await as(waiting, (tx) => takePlace(tx, occurrenceId))).toBe("waitlisted");
});

afterAll(async () => {
  for (const c of everyone()
    .map((u) => u?.client)
    .concat(visitor))
    await c?.removeAllChannels();
  await admin`delete from auth.users where id in ${admin(everyone().map((u) => u.id))}`;
  await admin.end();
  await pool().end();
});

describe("a session date's group chat", () => {
  it("is read and written by the host and the athletes going only", async () => {
    expect(await send(host, "Blue flag, north of the surf club")).toMatchObject({
      occurrence_id: occurrenceId,
    });
    expect(await send(going, "See you at 5:40")).not.toBeNull();
    expect(await send(leaver, "Bringing a spare cap")).not.toBeNull();
    for (const u of [host, going, leaver]) {
      expect((await read(u)).map((m) => m.content)).toEqual([
        "Blue flag, north of the surf club",
        "See you at 5:40",
        "Bringing a spare cap",
      ]);
      expect((await as(u, (tx) => sessionChatMembers(tx, occurrenceId))).map((m) => m.full_name)).toEqual([
        "Hana Host",
        "Gus Going",
        "Lee Leaver",
      ]);
    }
    for (const u of [waiting, stranger, late]) {
      expect(await read(u)).toEqual([]);
      expect(await as(u, (tx) => sessionChatMembers(tx, occurrenceId))).toEqual([]);
      expect(
        await as(
          u,
          (tx) => tx`select * from public.session_chat_reads where occurrence_id = ${occurrenceId}`,
        ),
      ).toHaveLength(0);
      await expect(send(u, "Let me in")).rejects.toThrow(/row-level security/);
      expect(await as(u, (tx) => markSessionChatRead(tx, occurrenceId))).toBe(false);
      expect(await as(u, (tx) => listMySessionChats(tx))).toEqual([]);
    }
    const asAnon = (query: string) =>
      admin.begin(async (tx) => {
        await tx`set local role anon`;
        return tx.unsafe(query);
      });
    await expect(asAnon(`select * from public.session_chat_messages`)).rejects.toThrow(/permission denied/);
    await expect(asAnon(`select * from public.session_chat_members('${occurrenceId}')`)).rejects.toThrow(
      /permission denied/,
    );
  });

  it("lets nobody write as someone else, and stores a retried send once", async () => {
    await expect(
      as(going, (tx) =>
        insertSessionChatMessage(tx, {
          id: randomUUID(),
          occurrenceId,
          senderId: host.profileId,
          content: "Fake",
        }),
      ),
    ).rejects.toThrow(/row-level security/);
    const id = randomUUID();
    await send(going, "Water is 22 degrees", id);
    expect(await send(going, "Water is 22 degrees", id)).toMatchObject({ id });
    const [row] = await admin<{ n: number }[]>`
      select count(*)::int as n from public.session_chat_messages where id = ${id}`;
    expect(row!.n).toBe(1);
  });

  it("loses an athlete who leaves, and takes in the next one going with the history read", async () => {
    expect(await as(leaver, (tx) => leaveSession(tx, occurrenceId))).toBe("cancelled");
    expect(await read(leaver)).toEqual([]);
    await expect(send(leaver, "Still here?")).rejects.toThrow(/row-level security/);
    const [reads] = await admin<{ n: number }[]>`
      select count(*)::int as n from public.session_chat_reads
      where occurrence_id = ${occurrenceId} and profile_id = ${leaver.profileId}`;
    expect(reads!.n).toBe(0);
    // The freed place is offered to the head of the waitlist: an offer is not a place in the chat.
    expect(await stateOf(waiting)).toBe("offered");
    expect(await read(waiting)).toEqual([]);
    await as(waiting, (tx) => tx`select public.accept_session_offer(${occurrenceId})`);
    expect(await stateOf(waiting)).toBe("going");
    expect((await read(waiting)).length).toBeGreaterThanOrEqual(4);
    expect(await unread(waiting)).toBe(0);
    await send(host, "Welcome Wes");
    expect(await unread(waiting)).toBe(1);
  });

  it("counts unread messages in the badge and the list until read; read state follows", async () => {
    await as(going, (tx) => markSessionChatRead(tx, occurrenceId));
    expect(await unread(going)).toBe(0);
    await send(host, "Bring a bright cap");
    expect(await unread(going)).toBe(1);
    const [chat] = await as(going, (tx) => listMySessionChats(tx));
    expect(chat).toMatchObject({
      occurrence_id: occurrenceId,
      member_count: 3,
      unread_count: 1,
      cancelled: false,
      last_message: { content: "Bring a bright cap", sender_name: "Hana Host" },
    });
    expect(await as(going, (tx) => markSessionChatRead(tx, occurrenceId))).toBe(true);
    expect(await unread(going)).toBe(0);
    const last = (await read(host)).at(-1)!;
    const readers = (await as(host, (tx) => sessionChatMembers(tx, occurrenceId))).filter(
      (m) => m.profile_id !== host.profileId && m.last_read_at && m.last_read_at >= last.created_at,
    );
    expect(readers.map((m) => m.profile_id)).toEqual([going.profileId]);
    // The host is counted too: the others' messages since they last read.
    await as(host, (tx) => markSessionChatRead(tx, occurrenceId));
    await send(going, "Sunrise is 4:50");
    expect(await unread(host)).toBe(1);
  });

  it("is on the dashboard of its members, with the count the badge adds up, and no one else's", async () => {
    await send(going, "Goggles with tint, it's bright");
    const hostUnread = await unread(host);
    const dash = await as(host, (tx) => readDashboard(tx, host.id));
    const chat = dash!.sessionChats.find((c) => c.occurrence_id === occurrenceId);
    expect(chat).toMatchObject({
      unread_count: hostUnread,
      last_message: { content: "Goggles with tint, it's bright", sender_name: "Gus Going" },
    });
    expect(chat!.title).toMatch(/^Chat swim/);
    // Read in the dashboard's one round of statements: the same rows /messages lists, newest first, capped.
    const all = await as(host, (tx) => listMySessionChats(tx));
    expect(dash!.sessionChats).toEqual(all.slice(0, dashboardSessionChats));
    for (const u of [stranger, leaver]) {
      const theirs = await as(u, (tx) => readDashboard(tx, u.id));
      expect(theirs!.sessionChats.map((c) => c.occurrence_id)).not.toContain(occurrenceId);
    }
    await as(host, (tx) => markSessionChatRead(tx, occurrenceId));
    const read = await as(host, (tx) => readDashboard(tx, host.id));
    expect(read!.sessionChats.find((c) => c.occurrence_id === occurrenceId)!.unread_count).toBe(0);
  });

  it("lets only members join its channel, and delivers each message live to them alone", async () => {
    const topic = `session:${occurrenceId}`;
    expect((await join(going.client, topic)).status).toBe("SUBSCRIBED");
    expect((await join(host.client, topic)).status).toBe("SUBSCRIBED");
    for (const client of [leaver.client, stranger.client, visitor])
      expect((await join(client, topic)).status).toBe("CHANNEL_ERROR");
    // Someone on the waitlist of a full date: no channel either.
    expect(await as(late, (tx) => takePlace(tx, occurrenceId))).toBe("waitlisted");
    expect((await join(late.client, topic)).status).toBe("CHANNEL_ERROR");
    const spec = {
      event: "INSERT" as const,
      schema: "public",
      table: "session_chat_messages",
      filter: `occurrence_id=eq.${occurrenceId}`,
    };
    const toGoing = await subscribe(going.client, `session-going-${randomUUID()}`, spec);
    const toLate = await subscribe(late.client, `session-late-${randomUUID()}`, spec);
    const toLeaver = await subscribe(leaver.client, `session-leaver-${randomUUID()}`, spec);
    const id = randomUUID();
    await send(host, "Live to the swimmers", id);
    await eventually(() => toGoing.received.some((r) => r.new.id === id), 5000, "the member's copy");
    await new Promise((r) => setTimeout(r, 300));
    expect(toLate.received).toHaveLength(0);
    expect(toLeaver.received).toHaveLength(0);
  });

  it("keeps two athletes going in it when one blocks the other; a block with the host takes one out", async () => {
    await admin`insert into public.blocks (blocker_id, blocked_id) values (${going.profileId}, ${waiting.profileId})`;
    expect((await read(going)).length).toBeGreaterThan(0);
    expect((await read(waiting)).length).toBeGreaterThan(0);
    expect(await send(waiting, "Still organising the swim")).not.toBeNull();
    await admin`insert into public.blocks (blocker_id, blocked_id) values (${host.profileId}, ${going.profileId})`;
    expect(await stateOf(going)).toBe("cancelled");
    expect(await read(going)).toEqual([]);
    await expect(send(going, "Hello?")).rejects.toThrow(/row-level security/);
    await admin`delete from public.blocks where blocker_id in (${host.profileId}, ${going.profileId})`;
  });

  it("shares the send limit with the other kinds, and one id is one message across them", async () => {
    await new Promise((r) => setTimeout(r, 10_500));
    const [conv] = await admin<{ id: string }[]>`
      select private.ensure_conversation(${waiting.profileId}, ${stranger.profileId}) as id`;
    for (let i = 0; i < 3; i++)
      await as(
        waiting,
        (tx) => tx`insert into public.messages (conversation_id, sender_id, content)
        values (${conv!.id}, ${waiting.profileId}, ${`one to one ${i}`})`,
      );
    await send(waiting, "session 1");
    await send(waiting, "session 2");
    await expect(send(waiting, "session 3")).rejects.toThrow(/sending messages too fast/);
    const [taken] = await admin<{ id: string }[]>`
      select id from public.messages where conversation_id = ${conv!.id} limit 1`;
    await new Promise((r) => setTimeout(r, 10_500));
    await expect(send(waiting, "Same id as a 1:1 message", taken!.id)).rejects.toThrow(/already used/);
  }, 30_000);

  it("is reported per message and hidden by a moderator for good; a suspended member writes nothing", async () => {
    const id = randomUUID();
    await send(host, "Something rude", id);
    const [report] = await as(
      waiting,
      (tx) => tx<{ r: string }[]>`select public.report_content('message', ${id}, 'harassment') as r`,
    );
    expect(report!.r).toBe("reported");
    for (const u of [stranger, late])
      await expect(as(u, (tx) => tx`select public.report_content('message', ${id}, 'spam')`)).rejects.toThrow(
        /Not found/,
      );
    const [mod] = await admin<{ id: string }[]>`
      insert into auth.users (id, email) values (gen_random_uuid(), ${`mod-${randomUUID()}@example.test`}) returning id`;
    await admin`insert into private.moderators (user_id) values (${mod!.id})`;
    const [r] = await admin<{ id: string }[]>`select id from public.reports where target_id = ${id}`;
    await withRls(
      { sub: mod!.id, role: "authenticated" },
      (tx) => tx`select public.moderate_hide_message(${r!.id})`,
    );
    expect((await read(waiting)).some((m) => m.id === id)).toBe(false);
    const [hidden] = await admin<{ occurrence_id: string }[]>`
      select occurrence_id from private.hidden_messages where id = ${id}`;
    expect(hidden!.occurrence_id).toBe(occurrenceId);
    await send(host, "Something rude", id);
    const [again] = await admin<{ n: number }[]>`
      select count(*)::int as n from public.session_chat_messages where id = ${id}`;
    expect(again!.n).toBe(0);
    await admin`insert into private.suspended_accounts (user_id) values (${host.id})`;
    await expect(send(host, "Still here")).rejects.toThrow(/suspended/);
    await admin`delete from private.suspended_accounts where user_id = ${host.id}`;
    await admin`delete from auth.users where id = ${mod!.id}`;
  }, 20_000);
});

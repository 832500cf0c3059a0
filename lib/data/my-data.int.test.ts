import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls, type Claims } from "@/lib/db";
import { deleteAuthUser } from "@/lib/supabase/admin";
import { createConfirmedUser } from "@noosa-tri/supabase-local/test-support";
import { deleteMyAccountData, exportMyData } from "./my-data";
import { createSession, takePlace } from "./session-writes";
import { createTeam, decide, requestToJoin } from "./team-writes";
import { adminSql, makeAthlete } from "@/test/fixtures/athletes";

// docs/security.md#your-data: Download my data and Delete my account. Runs inside `supabase-local --test`.
const admin = adminSql();
const run = randomUUID().slice(0, 8);
// boss creates a team; mia is in it, pete asked to join; friend and lonely only talk with boss; stranger
// talks with mia only and has a private profile.
const names = ["boss", "mia", "pete", "friend", "lonely", "stranger"] as const;
type Name = (typeof names)[number];
const auth = {} as Record<Name, string>;
const profile = {} as Record<Name, string>;
const as = (n: Name): Claims => ({ sub: auth[n], role: "authenticated", email: `${n}-${run}@example.test` });
const teamName = `Closing ${run}`;
let teamId = "";
const conversation = {} as Record<"friend" | "lonely" | "stranger", string>;

const send = (from: Name, conversationId: string, content: string) =>
  withRls(
    as(from),
    (tx) =>
      tx`insert into public.messages (conversation_id, sender_id, content)
       values (${conversationId}, ${profile[from]}, ${content})`,
  );
const start = (from: Name, to: Name) =>
  withRls(as(from), (tx) =>
    tx<{ id: string }[]>`select public.start_conversation(${profile[to]}) as id`.then((r) => r[0]!.id),
  );

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

beforeAll(async () => {
  for (const n of names) {
    auth[n] = (await createConfirmedUser(`${n}-${run}@example.test`)).id;
    profile[n] = (
      await makeAthlete(admin, {
        account: { id: auth[n], email: `${n}-${run}@example.test` },
        username: `${n}_${run}`,
        name: `${n[0]!.toUpperCase()}${n.slice(1)} Datasubject`,
        place: "Noosa Heads",
        isPublic: n !== "stranger" && n !== "pete",
        lookingForTeam: true,
        specialty: n === "mia" ? "swimmer" : "runner",
        experienceLevel: "intermediate",
        goals: "Race the relay leg well",
        avatar: false,
      })
    ).profileId;
  }
  teamId = (
    await withRls(as("boss"), (tx) =>
      createTeam(tx, {
        name: teamName,
        description: "A relay team whose creator will delete their account.",
        location: "Noosa Heads",
        max_members: 3,
        requirements: { roles: ["swimmer", "cyclist", "runner"], experience_levels: ["intermediate"] },
        training_schedule: { days: [], times: [] },
      }),
    )
  ).id;
  const mia = await withRls(as("mia"), (tx) => requestToJoin(tx, teamId, "swimmer"));
  await withRls(as("boss"), (tx) => decide(tx, "accept_join_request", mia.member.id));
  // The creator races the run leg: pete asks for the open bike leg.
  await withRls(as("pete"), (tx) => requestToJoin(tx, teamId, "cyclist"));

  conversation.friend = await start("friend", "boss");
  await send("friend", conversation.friend, `friend hello ${run}`);
  await send("boss", conversation.friend, `boss reply ${run}`);
  conversation.lonely = await start("boss", "lonely");
  await send("boss", conversation.lonely, `boss to lonely ${run}`);
  conversation.stranger = await start("stranger", "mia");
  await send("stranger", conversation.stranger, `stranger secret ${run}`);
});

afterAll(async () => {
  await admin`delete from auth.users where id = any(${Object.values(auth)})`;
  await admin.end();
  await pool().end();
});

describe("Download my data", () => {
  it("holds the account's profile, team, memberships, conversations and messages, and nobody else's private data", async () => {
    for (const who of ["boss", "mia"] as const)
      await withRls(
        as(who),
        (tx) => tx`
        insert into public.team_chat_messages (team_id, sender_id, content)
        values (${teamId}, ${profile[who]}, ${`${who} in the team chat ${run}`})`,
      );
    const data = await withRls(as("boss"), (tx) => exportMyData(tx, as("boss")));
    // What the athlete wrote in their team's chat; another member's words are not theirs to export.
    expect(data.team_chat_messages.map((m) => [m.team_name, m.content])).toEqual([
      [teamName, `boss in the team chat ${run}`],
    ]);
    expect(data.account).toEqual({ id: auth.boss, email: `boss-${run}@example.test` });
    expect(data.profile).toMatchObject({ id: profile.boss, username: `boss_${run}` });
    expect(data.teams_created).toEqual([expect.objectContaining({ id: teamId, name: teamName })]);
    const withFriend = data.conversations.find((c) => c.id === conversation.friend)!;
    expect(withFriend.with).toMatchObject({ id: profile.friend, full_name: "Friend Datasubject" });
    expect(withFriend.messages.map((m) => [m.from, m.content])).toEqual([
      ["them", `friend hello ${run}`],
      ["me", `boss reply ${run}`],
    ]);
    expect(data.conversations.map((c) => c.id)).not.toContain(conversation.stranger);

    const mia = await withRls(as("mia"), (tx) => exportMyData(tx, as("mia")));
    expect(mia.memberships).toEqual([
      expect.objectContaining({ team_id: teamId, team_name: teamName, status: "active", role: "swimmer" }),
    ]);
    const text = JSON.stringify(data) + JSON.stringify(mia);
    // Another account's private data never appears: the stranger's conversation with Mia is in Mia's file
    // only (she is in it), and no file carries another account's e-mail address or the stranger's
    // messages to someone else.
    expect(JSON.stringify(data)).not.toContain(`stranger secret ${run}`);
    expect(JSON.stringify(data)).not.toContain(`stranger_${run}`);
    for (const n of names.filter((n) => n !== "boss" && n !== "mia")) {
      expect(text).not.toContain(`${n}-${run}@example.test`);
    }
    // Pete's private profile is only named to Boss because Boss may see a pending requester; in Mia's
    // file the stranger's private profile is an id without a name.
    const strangerSide = mia.conversations.find((c) => c.id === conversation.stranger)!;
    expect(strangerSide.with).toEqual({ id: profile.stranger, username: null, full_name: null });
  });

  it("holds what the athlete wrote in the chats of their training sessions, not the others' words", async () => {
    const [day] = await admin<{ d: string }[]>`
      select ((now() at time zone 'Australia/Brisbane')::date + 2)::text as d`;
    const { occurrence_id: occ } = await withRls(as("friend"), (tx) =>
      createSession(tx, {
        title: `River run ${run}`,
        sport: "run",
        meeting_point: "noosaville_foreshore",
        duration_minutes: 45,
        level: "all",
        places: 4,
        first_day: day!.d,
        local_time: "06:00",
      }),
    );
    await withRls(as("lonely"), (tx) => takePlace(tx, occ));
    for (const who of ["friend", "lonely"] as const)
      await withRls(
        as(who),
        (tx) => tx`
        insert into public.session_chat_messages (occurrence_id, sender_id, content)
        values (${occ}, ${profile[who]}, ${`${who} in the session chat ${run}`})`,
      );
    const data = await withRls(as("lonely"), (tx) => exportMyData(tx, as("lonely")));
    expect(data.session_chat_messages.map((m) => [m.occurrence_id, m.session_title, m.content])).toEqual([
      [occ, `River run ${run}`, `lonely in the session chat ${run}`],
    ]);
  });

  it("is refused to a visitor: the export runs under RLS, as anon it reads nothing", async () => {
    expect(await codeOf(withRls(null, (tx) => exportMyData(tx, { sub: "", role: "anon" })))).toBe("42501");
  });
});

describe("Delete my account", () => {
  it("removes the profile, memberships and sent messages, closes the team and tells its people; the other side keeps its own messages", async () => {
    const result = await withRls(as("boss"), (tx) => deleteMyAccountData(tx));
    expect(result).toEqual({ deleted: true, team_closed: true, members_told: 2 });

    expect(await admin`select 1 from public.profiles where id = ${profile.boss}`).toHaveLength(0);
    expect(await admin`select 1 from public.teams where id = ${teamId}`).toHaveLength(0);
    expect(await admin`select 1 from public.team_members where team_id = ${teamId}`).toHaveLength(0);
    expect(
      await admin`select 1 from public.messages where content in (${`boss reply ${run}`}, ${`boss to lonely ${run}`})`,
    ).toHaveLength(0);

    // Friend keeps the conversation and their own words; Boss's side is empty ("Deleted athlete").
    const [list] = await withRls(
      as("friend"),
      (tx) =>
        tx<
          { other_id: string | null }[]
        >`select other_id from public.list_my_conversations(50, ${conversation.friend})`,
    );
    expect(list).toEqual({ other_id: null });
    const friendSees = await withRls(
      as("friend"),
      (tx) =>
        tx<
          { content: string }[]
        >`select content from public.messages where conversation_id = ${conversation.friend}`,
    );
    expect(friendSees.map((m) => m.content)).toEqual([`friend hello ${run}`]);
    // Its recipient went with Boss's profile.
    expect(
      await admin`select recipient_id from public.messages where conversation_id = ${conversation.friend}`,
    ).toEqual([{ recipient_id: null }]);
    // Nobody writes into it any more.
    expect(await codeOf(send("friend", conversation.friend, "anyone there?"))).toBe("42501");
    // A conversation with nothing left in it is gone.
    expect(await admin`select 1 from public.conversations where id = ${conversation.lonely}`).toHaveLength(0);

    // Mia (member) and Pete (requester): a notice in their conversation and a team_closed e-mail each;
    // the notice itself does not queue a message e-mail.
    const notices = await withRls(
      as("mia"),
      (tx) =>
        tx<{ sender_id: string | null; recipient_id: string | null; content: string }[]>`
        select m.sender_id, m.recipient_id, m.content from public.messages m
        join public.conversations c on c.id = m.conversation_id
        where ${profile.mia} in (c.participant_one_id, c.participant_two_id) and m.sender_id is null`,
    );
    // Addressed to Mia, so her live inbox (filtered by recipient) shows it at once.
    expect(notices).toEqual([
      {
        sender_id: null,
        recipient_id: profile.mia,
        content: expect.stringContaining(`${teamName} is closed`),
      },
    ]);
    const mails = await admin<{ recipient_id: string; detail: string; data: unknown }[]>`
      select o.recipient_id, o.detail, private.notification_content(o, now()) as data
      from private.notification_outbox o where o.kind = 'team_closed' and o.detail = ${teamName}
      order by o.recipient_id`;
    expect(mails.map((m) => m.recipient_id).sort()).toEqual([profile.mia, profile.pete].sort());
    expect(mails[0]!.data).toEqual({ data: { team_name: teamName } });
    expect(
      await admin`select 1 from private.notification_outbox o join public.messages m on m.id = o.message_id
                  where m.sender_id is null and o.kind = 'message'`,
    ).toHaveLength(0);
    // The stranger's conversation with Mia is untouched.
    expect(
      await admin`select 1 from public.messages where content = ${`stranger secret ${run}`}`,
    ).toHaveLength(1);

    // A second press answers calmly and changes nothing; then the Auth user goes, twice without error.
    expect(await withRls(as("boss"), (tx) => deleteMyAccountData(tx))).toEqual({
      deleted: false,
      team_closed: false,
      members_told: 0,
    });
    await deleteAuthUser(auth.boss);
    expect(await admin`select 1 from auth.users where id = ${auth.boss}`).toHaveLength(0);
    await expect(deleteAuthUser(auth.boss)).resolves.toBeUndefined();
  });

  it("is only ever the caller's own account, and never a visitor's call", async () => {
    expect(await codeOf(withRls(null, (tx) => deleteMyAccountData(tx)))).toBe("42501");
    const [grants] = await admin<{ anon: boolean }[]>`
      select has_function_privilege('anon', 'public.delete_my_account()', 'execute') as anon`;
    expect(grants).toEqual({ anon: false });
    // Lonely deletes theirs: Mia's data is unaffected.
    await withRls(as("lonely"), (tx) => deleteMyAccountData(tx));
    expect(await admin`select 1 from public.profiles where id = ${profile.mia}`).toHaveLength(1);
    expect(await admin`select 1 from public.profiles where id = ${profile.lonely}`).toHaveLength(0);
    // As for team chat: what Lonely wrote in a session's chat goes with them; the host's words stay.
    const chat = await admin<{ content: string }[]>`
      select content from public.session_chat_messages where content like ${`% in the session chat ${run}`}`;
    expect(chat.map((m) => m.content)).toEqual([`friend in the session chat ${run}`]);
  });

  it("runs two presses at once as one deletion", async () => {
    const both = await Promise.all([
      withRls(as("friend"), (tx) => deleteMyAccountData(tx)),
      withRls(as("friend"), (tx) => deleteMyAccountData(tx)),
    ]);
    expect(both.map((r) => r.deleted).sort()).toEqual([false, true]);
    // Friend was Boss's last side of that conversation: with nobody left, it is gone.
    expect(await admin`select 1 from public.conversations where id = ${conversation.friend}`).toHaveLength(0);
  });
});

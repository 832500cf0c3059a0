import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimsSetup } from "@/lib/db";
import {
  addMember,
  adminSql,
  dropAthletes,
  makeAthlete,
  makeTeam,
  type Athlete,
} from "@/test/fixtures/athletes";

// The messaging functions keep their plans for a connection's life (PL/pgSQL), and a pooled connection serves
// one athlete after another. So each athlete, asking in turn on one connection, must get their own badge,
// inbox lists and chat ids, also after the sixth call, when PL/pgSQL may switch to a plan kept for every
// caller. Runs inside `supabase-local --test`.
const admin = adminSql();
const one = postgres(process.env.DATABASE_URL ?? "", { max: 1, onnotice: () => {} });
let ana: Athlete, ben: Athlete, cat: Athlete;
let anaBen = "",
  anaCat = "",
  teamId = "";

type Seen = {
  me: string | null;
  unread: number;
  conversations: { id: string; other_id: string; unread_count: number; last_content: string | null }[];
  teamChats: { team_id: string; unread_count: number; member_count: number }[];
  sessionChats: number;
  teamChatIds: string[];
};

/** What `a` sees, asked on the one connection, in a transaction set up as lib/db's withRls sets it up. */
const seen = (a: Athlete): Promise<Seen> =>
  one.begin(async (tx) => {
    await tx.unsafe(claimsSetup(true, false, JSON.stringify(a.claims)));
    const [me] = await tx<{ id: string | null }[]>`select private.my_profile_id() as id`;
    const [unread] = await tx<{ n: number }[]>`select public.unread_message_count() as n`;
    const conversations = await tx<Seen["conversations"]>`
      select id, other_id, unread_count, last_content from public.list_my_conversations(50, null)`;
    const teamChats = await tx<Seen["teamChats"]>`
      select team_id, unread_count, member_count from public.list_my_team_chats()`;
    const [sessions] = await tx<
      { n: number }[]
    >`select count(*)::int as n from public.list_my_session_chats()`;
    const ids = await tx<{ id: string }[]>`select private.my_team_chat_ids() as id`;
    return {
      me: me!.id,
      unread: unread!.n,
      conversations: [...conversations],
      teamChats: [...teamChats],
      sessionChats: sessions!.n,
      teamChatIds: ids.map((r) => r.id),
    };
  }) as Promise<Seen>;

async function conversation(a: Athlete, b: Athlete) {
  const [one, two] = [a.profileId, b.profileId].sort();
  const [row] = await admin<{ id: string }[]>`
    insert into public.conversations (participant_one_id, participant_two_id) values (${one!}, ${two!})
    returning id`;
  return row!.id;
}

beforeAll(async () => {
  const made = await Promise.all(
    ["Ana One", "Ben One", "Cat One"].map((name) => makeAthlete(admin, { name, isPublic: true })),
  );
  [ana, ben, cat] = made as [Athlete, Athlete, Athlete];
  anaBen = await conversation(ana, ben);
  anaCat = await conversation(ana, cat);
  // Ben wrote Ana twice, Ana wrote Ben once and Cat once; Cat wrote nothing.
  await admin`
    insert into public.messages (id, conversation_id, sender_id, content, created_at) values
      (${randomUUID()}, ${anaBen}, ${ben.profileId}, 'Swim at six?', now() - interval '3 minutes'),
      (${randomUUID()}, ${anaBen}, ${ben.profileId}, 'Main beach', now() - interval '2 minutes'),
      (${randomUUID()}, ${anaBen}, ${ana.profileId}, 'See you there', now() - interval '1 minute'),
      (${randomUUID()}, ${anaCat}, ${ana.profileId}, 'Ride on Sunday?', now())`;
  // Ben's team, with Cat in it and Ana not: Cat's one message is unread for Ben.
  teamId = await makeTeam(admin, ben, { roles: ["runner", "swimmer"] });
  await addMember(admin, teamId, cat, "swimmer", "active");
  await admin`insert into public.team_chat_messages (id, team_id, sender_id, content)
              values (${randomUUID()}, ${teamId}, ${cat.profileId}, 'Hello team')`;
});

afterAll(async () => {
  await dropAthletes(admin, [ana, ben, cat]);
  await admin.end();
  await one.end();
});

describe("messaging on one pooled connection", () => {
  it("answers each athlete in turn with their own badge, lists and chats", async () => {
    const expected = (a: Athlete): Seen =>
      a === ana
        ? {
            me: ana.profileId,
            unread: 2,
            conversations: [
              { id: anaCat, other_id: cat.profileId, unread_count: 0, last_content: "Ride on Sunday?" },
              { id: anaBen, other_id: ben.profileId, unread_count: 2, last_content: "See you there" },
            ],
            teamChats: [],
            sessionChats: 0,
            teamChatIds: [],
          }
        : a === ben
          ? {
              me: ben.profileId,
              unread: 2,
              conversations: [
                { id: anaBen, other_id: ana.profileId, unread_count: 1, last_content: "See you there" },
              ],
              teamChats: [{ team_id: teamId, unread_count: 1, member_count: 2 }],
              sessionChats: 0,
              teamChatIds: [teamId],
            }
          : {
              me: cat.profileId,
              unread: 1,
              conversations: [
                { id: anaCat, other_id: ana.profileId, unread_count: 1, last_content: "Ride on Sunday?" },
              ],
              teamChats: [{ team_id: teamId, unread_count: 0, member_count: 2 }],
              sessionChats: 0,
              teamChatIds: [teamId],
            };
    // Eight rounds: past PL/pgSQL's five custom plans, in a different order each time.
    for (let round = 0; round < 8; round++) {
      const order = round % 2 === 0 ? [ana, ben, cat] : [cat, ana, ben];
      for (const a of order) expect(await seen(a)).toEqual(expected(a));
    }
  });
});

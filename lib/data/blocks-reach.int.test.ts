import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls } from "@/lib/db";
import { listFitCandidates } from "./team-invitations";
import { adminSql, dropAthletes, makeAthlete, type Athlete } from "@/test/fixtures/athletes";

// A block stops the pair reaching each other. The e-mail about a message sent just before the block (due
// when it is still unread five minutes later) was sent all the same, and "Athletes who fit" suggested the
// other to a team's creator. Runs inside `supabase-local --test`.
const admin = adminSql();
const made: Athlete[] = [];
afterAll(async () => {
  await dropAthletes(admin, made);
  await admin.end();
  await pool().end();
});

let blocker: Athlete, blocked: Athlete, other: Athlete;
beforeAll(async () => {
  for (const name of ["Blocker Bea", "Blocked Ben", "Other Oli"])
    made.push(await makeAthlete(admin, { name }));
  [blocker, blocked, other] = made as [Athlete, Athlete, Athlete];
  await admin`update auth.users set email_confirmed_at = now() where id in ${admin(made.map((a) => a.authId))}`;
});

async function conversation(a: Athlete, b: Athlete) {
  const [row] = await admin<
    { id: string }[]
  >`select private.ensure_conversation(${a.profileId}, ${b.profileId}) as id`;
  return row!.id;
}
const send = (conversationId: string, from: Athlete, content: string) =>
  admin`insert into public.messages (conversation_id, sender_id, content) values (${conversationId}, ${from.profileId}, ${content})`;
const emailTo = (to: Athlete, conversationId: string) =>
  admin<{ status: string }[]>`
    select status from private.notification_outbox
    where kind = 'message' and recipient_id = ${to.profileId} and conversation_id = ${conversationId}`;

describe("a block", () => {
  it("cancels the e-mails not yet sent about messages between the pair, both ways, and no others", async () => {
    const theirs = await conversation(blocker, blocked);
    const unrelated = await conversation(blocker, other);
    await send(theirs, blocked, "Sent just before the block");
    await send(theirs, blocker, "And one the other way");
    await send(unrelated, other, "Nothing to do with it");
    expect((await emailTo(blocker, theirs)).map((r) => r.status)).toEqual(["pending"]);

    await withRls(blocker.claims, (tx) => tx`select public.block_athlete(${blocked.profileId})`);
    expect((await emailTo(blocker, theirs)).map((r) => r.status)).toEqual(["skipped"]);
    expect((await emailTo(blocked, theirs)).map((r) => r.status)).toEqual(["skipped"]);
    expect((await emailTo(blocker, unrelated)).map((r) => r.status)).toEqual(["pending"]);
  });
});

describe("Athletes who fit", () => {
  it("never suggests an athlete to a creator they blocked or who blocked them", async () => {
    const creator = await makeAthlete(admin, { name: "Creator Cai" });
    const fits = [
      await makeAthlete(admin, { name: "Fits Fay" }),
      await makeAthlete(admin, { name: "Fits Gus" }),
    ];
    made.push(creator, ...fits);
    // Public runners looking for a team, at a level the team asks for.
    await admin`update public.profiles set is_public = true, looking_for_team = true, specialty = 'runner',
                  experience_level = 'beginner'
                where id in ${admin(fits.map((f) => f.profileId))}`;
    const [team] = await admin<{ id: string }[]>`
      insert into public.teams (name, description, creator_id, status, requirements)
      values ('Blocked Fit Relay', 'A team for the block test', ${creator.authId}, 'open',
              '{"roles": ["runner"], "experience_levels": ["beginner"]}')
      returning id`;
    await admin`insert into public.team_members (team_id, profile_id, role, status)
                values (${team!.id}, ${creator.profileId}, 'swimmer', 'active')`;
    const suggested = async () =>
      (await withRls(creator.claims, (tx) => listFitCandidates(tx, team!.id)))
        .map((c) => c.profile_id)
        .filter((id) => fits.some((f) => f.profileId === id));
    expect((await suggested()).sort()).toEqual(fits.map((f) => f.profileId).sort());

    await withRls(creator.claims, (tx) => tx`select public.block_athlete(${fits[0]!.profileId})`);
    await withRls(fits[1]!.claims, (tx) => tx`select public.block_athlete(${creator.profileId})`);
    expect(await suggested()).toEqual([]);
  });
});

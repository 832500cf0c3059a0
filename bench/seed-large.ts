/**
 * Fills the local stack's database with a large generated community (defaults: 10,000 athletes,
 * 2,000 teams, 50,000 conversations, 200,000 messages), for the render benchmark (bench/render.ts).
 * Runs inside the stack, which provides LOCAL_DB_ADMIN_URL:
 *
 *   npx supabase-local -- node bench/seed-large.ts [--athletes 10000] [--teams 2000]
 *        [--conversations 50000] [--messages 200000] [--tag big] [--remove]
 *
 * The --dev data folder keeps the rows (start the app on it with `npm start`); `--remove` deletes what an
 * earlier run with the same --tag generated. Demo athlete Mia (demo account 1) gets 30 of the conversations,
 * so her dashboard reads a busy inbox.
 */
import { parseArgs } from "node:util";
import postgres from "postgres";
import { defaultLargeSizes, largeDataSql, removeLargeDataSql, type LargeSizes } from "./large-data.ts";

const { values } = parseArgs({
  options: {
    athletes: { type: "string" },
    teams: { type: "string" },
    conversations: { type: "string" },
    messages: { type: "string" },
    tag: { type: "string", default: "big" },
    remove: { type: "boolean", default: false },
  },
});
const url = process.env.LOCAL_DB_ADMIN_URL;
if (!url) {
  console.error(
    "LOCAL_DB_ADMIN_URL is not set: run through `npx supabase-local -- node bench/seed-large.ts`.",
  );
  process.exit(2);
}
const sizes: LargeSizes = {
  athletes: Number(values.athletes ?? defaultLargeSizes.athletes),
  teams: Number(values.teams ?? defaultLargeSizes.teams),
  conversations: Number(values.conversations ?? defaultLargeSizes.conversations),
  messages: Number(values.messages ?? defaultLargeSizes.messages),
};
const mia = "e0000000-0000-4000-8000-000000000001";
const sql = postgres(url, { max: 1, onnotice: () => {} });
const started = performance.now();
try {
  for (const statement of removeLargeDataSql(values.tag!)) await sql.unsafe(statement);
  if (!values.remove) {
    await sql.begin(async (tx) => {
      for (const statement of largeDataSql(sizes, values.tag!)) await tx.unsafe(statement);
      // Mia talks to 30 generated athletes, 5 messages each.
      await tx.unsafe(`
        with pairs as (
          insert into public.conversations (participant_one_id, participant_two_id)
          select least('${mia}'::uuid, p.id), greatest('${mia}'::uuid, p.id)
          from public.profiles p where p.username like 'lg_${values.tag}_%' and p.id <> '${mia}'
            and exists (select 1 from public.profiles where id = '${mia}')
          order by p.username limit 30
          on conflict do nothing returning id, participant_one_id, participant_two_id)
        insert into public.messages (conversation_id, sender_id, content, created_at)
        select id, case when k % 2 = 0 then participant_one_id else participant_two_id end,
               'Large inbox message ' || k, now() - (k * interval '1 hour')
        from pairs, generate_series(1, 5) k`);
    });
    await sql.unsafe(
      "vacuum analyze public.profiles, public.teams, public.team_members, public.conversations, public.messages",
    );
  }
  const [counts] = await sql`select
    (select count(*)::int from public.profiles) as profiles, (select count(*)::int from public.teams) as teams,
    (select count(*)::int from public.conversations) as conversations, (select count(*)::int from public.messages) as messages`;
  console.log(
    `${values.remove ? "removed" : "seeded"} in ${((performance.now() - started) / 1000).toFixed(1)} s; now`,
    counts,
  );
} finally {
  await sql.end();
}

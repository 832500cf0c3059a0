/**
 * SQL that fills a database with generated athletes, teams, conversations and messages, all with
 * generate_series (no row-by-row round trips). Used by bench/seed-large.ts (the big local dataset for
 * the render benchmark) and by the EXPLAIN test (a moderate one). Run as the database owner/superuser:
 * triggers are skipped (session_replication_role = replica) so creation times can be spread out and
 * 200,000 messages do not fire 200,000 conversation updates; the script sets those columns itself.
 */
export type LargeSizes = { athletes: number; teams: number; conversations: number; messages: number };

export const defaultLargeSizes: LargeSizes = {
  athletes: 10_000,
  teams: 2_000,
  conversations: 50_000,
  messages: 200_000,
};

const places = [
  "Noosa Heads",
  "Noosaville",
  "Tewantin",
  "Sunshine Beach",
  "Peregian Beach",
  "Cooroy",
  "Coolum Beach",
];

/** The statements, in order. `tag` (letters and digits) marks every generated row (e-mail and username). */
export function largeDataSql(sizes: LargeSizes, tag: string): string[] {
  if (!/^[a-z0-9]{1,12}$/.test(tag)) throw new Error("tag: 1-12 lower-case letters or digits");
  const { athletes, teams, conversations, messages } = sizes;
  for (const [k, v] of Object.entries(sizes)) {
    if (!Number.isInteger(v) || v < 0) throw new Error(`${k} must be a whole number`);
  }
  if (teams > athletes) throw new Error("teams: at most one per athlete (one team per creator)");
  const placeArray = `array[${places.map((p) => `'${p}'`).join(",")}]`;
  return [
    "set local session_replication_role = replica",
    `create temp table gen_athletes on commit drop as
       select i, gen_random_uuid() as auth_id, gen_random_uuid() as profile_id
       from generate_series(1, ${athletes}) i`,
    `insert into auth.users (instance_id, id, aud, role, email, raw_app_meta_data, raw_user_meta_data,
                             created_at, updated_at, email_confirmed_at, confirmation_token, recovery_token,
                             email_change_token_new, email_change)
     select '00000000-0000-0000-0000-000000000000', auth_id, 'authenticated', 'authenticated',
            'large-${tag}-' || i || '@example.test', '{"provider":"email","providers":["email"]}', '{}',
            now(), now(), now(), '', '', '', ''
     from gen_athletes`,
    // 90% public, 75% looking for a team; specialties and levels in turn; spread over 60 days.
    `insert into public.profiles (id, auth_id, username, full_name, location, is_public, looking_for_team,
                                  specialty, experience_level, training_preference, goals, created_at, updated_at)
     select profile_id, auth_id, 'lg_${tag}_' || i, 'Large Athlete ' || i,
            jsonb_build_object('display_name', (${placeArray})[1 + i % ${places.length}], 'coordinates', '[0,0]'::jsonb),
            i % 10 <> 0, i % 4 <> 0,
            (array['swimmer','cyclist','runner'])[1 + i % 3],
            (array['beginner','intermediate','advanced','elite'])[1 + (i / 3) % 4],
            case when i % 2 = 0 then 'Early mornings' end,
            'Race a leg of the Noosa relay and enjoy the training on the way.',
            now() - (i * interval '517 seconds'), now()
     from gen_athletes`,
    // Athletes 1..teams create one team each: 70% open, 20% full, 10% closed; every 7th open one urgent.
    `create temp table gen_teams on commit drop as
       select a.i, gen_random_uuid() as id, a.auth_id, a.profile_id,
              case when a.i % 10 = 0 then 'closed' when a.i % 5 = 0 then 'full' else 'open' end as status
       from gen_athletes a where a.i <= ${teams}`,
    `insert into public.teams (id, name, description, location, creator_id, status, max_members, requirements,
                               urgent_role, urgent_by, created_at, updated_at)
     select id, 'Large Team ' || i, 'A generated relay team looking for teammates around Noosa.',
            (${placeArray})[1 + i % ${places.length}], auth_id, status, 3,
            jsonb_build_object('roles', case i % 3 when 0 then '["swimmer"]'::jsonb when 1 then '["cyclist","runner"]'::jsonb
                                                  else '["swimmer","cyclist","runner"]'::jsonb end,
                               'experience_levels', case i % 2 when 0 then '["beginner","intermediate"]'::jsonb
                                                  else '["intermediate","advanced","elite"]'::jsonb end),
            case when i % 7 = 0 then (array['swimmer','cyclist','runner'])[1 + i % 3] end,
            case when i % 7 = 0 then current_date + (i % 20) - 3 end,
            now() - (i * interval '1301 seconds'), now()
     from gen_teams`,
    `insert into public.team_members (team_id, profile_id, role, status)
     select t.id, t.profile_id, (array['swimmer','cyclist','runner'])[1 + t.i % 3], 'active' from gen_teams t
     union all
     select t.id, a.profile_id, (array['swimmer','cyclist','runner'])[1 + a.i % 3],
            case when t.i % 2 = 0 then 'active' else 'pending' end
     from gen_teams t join gen_athletes a on a.i = ${teams} + t.i`,
    // Pairs (a, b) with a spread of partners; duplicates collapse on the pair key.
    `insert into public.conversations (participant_one_id, participant_two_id, created_at, updated_at)
     select least(a.profile_id, b.profile_id), greatest(a.profile_id, b.profile_id), now(), now()
     from generate_series(1, ${conversations}) j
     join gen_athletes a on a.i = 1 + j % ${athletes}
     join gen_athletes b on b.i = 1 + (j * 7919 + j / ${athletes}) % ${athletes}
     where a.i <> b.i
     on conflict do nothing`,
    `create temp table gen_conversations on commit drop as
       select row_number() over (order by c.id) as n, c.id, c.participant_one_id, c.participant_two_id
       from public.conversations c join gen_athletes a on a.profile_id = c.participant_one_id`,
    `insert into public.messages (conversation_id, sender_id, recipient_id, content, created_at, read)
     select c.id, case when j % 2 = 0 then c.participant_one_id else c.participant_two_id end,
            case when j % 2 = 0 then c.participant_two_id else c.participant_one_id end,
            'Generated message ' || j, now() - ((${messages} - j) * interval '7 seconds'), j % 3 <> 0
     from generate_series(1, ${messages}) j
     join gen_conversations c on c.n = 1 + j % greatest((select count(*) from gen_conversations), 1)`,
    `update public.conversations c set updated_at = m.last
     from (select conversation_id, max(created_at) as last from public.messages m
           join gen_conversations g on g.id = m.conversation_id group by conversation_id) m
     where c.id = m.conversation_id`,
  ];
}

/**
 * Removes everything generated under `tag`. Messages and conversations go first, by their indexed
 * conversation ids: the cascade from profiles would look up messages.sender_id, which has no index.
 */
export function removeLargeDataSql(tag: string): string[] {
  const like = `'large-${tag.replace(/[^a-z0-9]/g, "")}-%@example.test'`;
  const mine = `select p.id from public.profiles p join auth.users u on u.id = p.auth_id where u.email like ${like}`;
  return [
    `delete from public.messages m using public.conversations c
     where m.conversation_id = c.id and (c.participant_one_id in (${mine}) or c.participant_two_id in (${mine}))`,
    `delete from public.conversations c where c.participant_one_id in (${mine}) or c.participant_two_id in (${mine})`,
    `delete from auth.users where email like ${like}`,
  ];
}

import "server-only";
import type { Claims, Tx } from "@/lib/db";
import { deletedAthleteName } from "@/lib/conversations/deleted-athlete";

export type MyDataExport = {
  format: "noosa-tri-teams/my-data@1";
  exported_at: string;
  account: { id: string; email: string | null };
  profile: Record<string, unknown> | null;
  notification_settings: Record<string, unknown> | null;
  teams_created: Record<string, unknown>[];
  memberships: Record<string, unknown>[];
  conversations: {
    id: string;
    created_at: string;
    with: { id: string | null; username: string | null; full_name: string };
    messages: {
      id: string;
      from: "me" | "them" | "notice";
      content: string;
      created_at: string;
      read: boolean;
    }[];
  }[];
  /** What the athlete wrote in the chats of the teams they are in now (a former member reads none). */
  team_chat_messages: {
    id: string;
    team_id: string;
    team_name: string;
    content: string;
    created_at: string;
  }[];
  /** What the athlete wrote in the chats of the session dates they host or are going to (one who left reads none). */
  session_chat_messages: {
    id: string;
    occurrence_id: string;
    session_title: string;
    starts_at: string;
    content: string;
    created_at: string;
  }[];
  /** The training sessions the athlete hosts, with their dates. */
  sessions_hosted: Record<string, unknown>[];
  /** The athlete's answers to session dates: going, waitlisted, offered, cancelled (late or not), came. */
  session_rsvps: Record<string, unknown>[];
};

/**
 * Everything the account may read about itself, gathered in the caller's RLS transaction (withRls with the
 * verified claims): the database decides what is visible, so another account's private data cannot be in it
 * (a private profile of the other participant shows as its id only). Timestamps as ISO text.
 */
export async function exportMyData(tx: Tx, claims: Claims): Promise<MyDataExport> {
  const [row] = await tx<{ data: Omit<MyDataExport, "format" | "exported_at" | "account"> }[]>`
    with me as materialized (select private.my_profile_id() as id)
    select jsonb_build_object(
      'profile', (
        select to_jsonb(p) from (
          select id, username, full_name, bio, location, is_public, looking_for_team, open_to_training, specialty, experience_level,
                 training_preference, goals, target_times, availability, achievements, avatar_url, created_at, updated_at
          from public.profiles where id = (select id from me)) p),
      'notification_settings', (
        select to_jsonb(s) - 'profile_id' from public.notification_settings s where s.profile_id = (select id from me)),
      'teams_created', coalesce((
        select jsonb_agg(to_jsonb(t) order by t.created_at) from public.teams t where t.creator_id = (select auth.uid())), '[]'),
      'memberships', coalesce((
        select jsonb_agg(jsonb_build_object(
                 'team_id', m.team_id, 'team_name', t.name, 'role', m.role, 'status', m.status,
                 'joined_at', m.joined_at, 'updated_at', m.updated_at) order by m.joined_at)
        from public.team_members m left join public.teams t on t.id = m.team_id
        where m.profile_id = (select id from me)), '[]'),
      'conversations', coalesce((
        select jsonb_agg(jsonb_build_object(
                 'id', c.id, 'created_at', c.created_at,
                 'with', jsonb_build_object(
                   'id', other.id,
                   'username', o.username,
                   'full_name', case when other.id is null then ${deletedAthleteName} else o.full_name end),
                 'messages', coalesce((
                   select jsonb_agg(jsonb_build_object(
                            'id', msg.id,
                            'from', case when msg.sender_id is null then 'notice'
                                         when msg.sender_id = (select id from me) then 'me' else 'them' end,
                            'content', msg.content, 'created_at', msg.created_at, 'read', msg.read)
                          order by msg.created_at, msg.id)
                   from public.messages msg where msg.conversation_id = c.id), '[]'))
               order by c.updated_at desc)
        from public.conversations c
        cross join lateral (select case when c.participant_one_id = (select id from me)
                                        then c.participant_two_id else c.participant_one_id end as id) other
        left join public.profiles o on o.id = other.id
        where (select id from me) in (c.participant_one_id, c.participant_two_id)), '[]'),
      'team_chat_messages', coalesce((
        select jsonb_agg(jsonb_build_object(
                 'id', x.id, 'team_id', x.team_id, 'team_name', t.name, 'content', x.content,
                 'created_at', x.created_at) order by x.created_at, x.id)
        from public.team_chat_messages x join public.teams t on t.id = x.team_id
        where x.sender_id = (select id from me)), '[]'),
      'session_chat_messages', coalesce((
        select jsonb_agg(jsonb_build_object(
                 'id', x.id, 'occurrence_id', x.occurrence_id, 'session_title', s.title, 'starts_at', o.starts_at,
                 'content', x.content, 'created_at', x.created_at) order by x.created_at, x.id)
        from public.session_chat_messages x
        join public.session_occurrences o on o.id = x.occurrence_id
        join public.training_sessions s on s.id = o.session_id
        where x.sender_id = (select id from me)), '[]'),
      'sessions_hosted', coalesce((
        select jsonb_agg(to_jsonb(s) - 'host_id' - 'hidden_at' || jsonb_build_object('dates', coalesce((
                 select jsonb_agg(jsonb_build_object(
                          'id', o.id, 'starts_at', o.starts_at, 'status', o.status, 'cancel_reason', o.cancel_reason,
                          'places', o.places, 'going', o.going_count, 'meeting_point', o.meeting_point,
                          'weather_call', o.weather_call) order by o.starts_at)
                 from public.session_occurrences o where o.session_id = s.id), '[]'))
               order by s.created_at)
        from public.training_sessions s where s.host_id = (select id from me)), '[]'),
      'session_rsvps', coalesce((
        select jsonb_agg(jsonb_build_object(
                 'occurrence_id', r.occurrence_id, 'session_title', s.title, 'starts_at', o.starts_at,
                 'state', r.state, 'late_cancel', r.late_cancel, 'created_at', r.created_at,
                 'updated_at', r.updated_at) order by r.created_at)
        from public.session_rsvps r
        left join public.session_occurrences o on o.id = r.occurrence_id
        left join public.training_sessions s on s.id = o.session_id
        where r.profile_id = (select id from me)), '[]')
    ) as data`;
  return {
    format: "noosa-tri-teams/my-data@1",
    exported_at: new Date().toISOString(),
    account: { id: claims.sub, email: typeof claims.email === "string" ? claims.email : null },
    ...row!.data,
  };
}

/**
 * The database part of deleting the account (public.delete_my_account, one transaction, the rules in SQL):
 * profile, memberships and sent messages go; a team the account created is closed and its members told.
 * A second call finds nothing and answers {deleted: false}.
 */
export async function deleteMyAccountData(
  tx: Tx,
): Promise<{ deleted: boolean; team_closed: boolean; members_told: number }> {
  const [row] = await tx<{ result: { deleted: boolean; team_closed: boolean; members_told: number } }[]>`
    select public.delete_my_account() as result`;
  return row!.result;
}

/** Whether the account created a team (Settings says the team closes with the account). */
export async function hasCreatedTeam(tx: Tx): Promise<boolean> {
  const [row] = await tx<{ owns: boolean }[]>`
    select exists (select 1 from public.teams t where t.creator_id = (select auth.uid())) as owns`;
  return row!.owns;
}

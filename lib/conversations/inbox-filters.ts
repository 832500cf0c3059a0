/**
 * The live inbox's Realtime filters: the messages an athlete receives, and those they send (shown in
 * their other tabs). Without them every subscriber is asked about every message under RLS, a cost that
 * grows with everyone online (messages.recipient_id, supabase/migrations/*_messaging.sql); with them a change is checked for its two
 * participants only. RLS still decides what each may see. Shared with the load test, which joins as
 * the browser does.
 */
export const inboxFilters = (profileId: string): string[] => [
  `recipient_id=eq.${profileId}`,
  `sender_id=eq.${profileId}`,
];

/** Realtime's `in` filter takes at most 100 values; an athlete is in a handful of teams. */
export const teamChatFilter = (teamIds: string[]) => `team_id=in.(${teamIds.slice(0, 100).join(",")})`;

/** The same for the session dates whose chat the athlete is in (lib/data/session-chat.ts keeps it to 100). */
export const sessionChatFilter = (occurrenceIds: string[]) =>
  `occurrence_id=in.(${occurrenceIds.slice(0, 100).join(",")})`;

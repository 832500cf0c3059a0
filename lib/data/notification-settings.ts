import "server-only";
import type { Tx } from "@/lib/db";
import {
  defaultNotificationSettings,
  type NotificationSettings,
} from "@/lib/validation/notification-settings";

// The caller's own notification switches, under RLS (owner only). Run inside withRls.

export async function getNotificationSettings(tx: Tx, profileId: string): Promise<NotificationSettings> {
  const [row] = await tx<NotificationSettings[]>`
    select join_requests, decisions, messages, urgent_alerts, session_updates, session_reminders
    from public.notification_settings where profile_id = ${profileId}`;
  return row ?? defaultNotificationSettings;
}

/** Saves all the switches; saving the same values twice leaves one row. */
export async function saveNotificationSettings(
  tx: Tx,
  profileId: string,
  s: NotificationSettings,
): Promise<void> {
  await tx`
    insert into public.notification_settings (profile_id, join_requests, decisions, messages, urgent_alerts,
                                              session_updates, session_reminders)
    values (${profileId}, ${s.join_requests}, ${s.decisions}, ${s.messages}, ${s.urgent_alerts},
            ${s.session_updates}, ${s.session_reminders})
    on conflict (profile_id) do update set
      join_requests = excluded.join_requests, decisions = excluded.decisions,
      messages = excluded.messages, urgent_alerts = excluded.urgent_alerts,
      session_updates = excluded.session_updates, session_reminders = excluded.session_reminders`;
}

/** The create-profile opt-in: urgent leg alerts on, the rest as they were. */
export async function optInToUrgentAlerts(tx: Tx, profileId: string): Promise<void> {
  await tx`
    insert into public.notification_settings (profile_id, urgent_alerts) values (${profileId}, true)
    on conflict (profile_id) do update set urgent_alerts = true`;
}

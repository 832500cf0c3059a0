import "server-only";
import { withServiceRole } from "@/lib/db";
import { settingColumn, type NotificationKind } from "./kinds";
import { verifyUnsubscribeToken } from "./unsubscribe-token";

export type UnsubscribeState =
  { state: "invalid" } | { state: "subscribed" | "unsubscribed"; kind: NotificationKind };

/** What an unsubscribe link's page shows: a forged or garbled link is "invalid" and reads nothing. */
export async function unsubscribeState(token: unknown): Promise<UnsubscribeState> {
  const link = verifyUnsubscribeToken(token);
  if (!link) return { state: "invalid" };
  const column = settingColumn[link.kind];
  const rows = await withServiceRole(
    (tx) => tx<{ exists: boolean; on: boolean | null }[]>`
      select exists (select 1 from public.profiles where id = ${link.profileId}) as exists,
             (select ${tx(column)} from public.notification_settings where profile_id = ${link.profileId}) as on`,
  );
  const row = rows[0];
  if (!row?.exists) return { state: "invalid" };
  const on = row.on ?? link.kind !== "urgent_alert";
  return { state: on ? "subscribed" : "unsubscribed", kind: link.kind };
}

/** Turns off the kind a genuine link names. Returns the kind, or null (forged, garbled, no such athlete). */
export async function unsubscribeByToken(token: unknown): Promise<NotificationKind | null> {
  const link = verifyUnsubscribeToken(token);
  if (!link) return null;
  const [row] = await withServiceRole(
    (tx) => tx<{ ok: boolean }[]>`select private.unsubscribe(${link.profileId}::uuid, ${link.kind}) as ok`,
  );
  return row?.ok ? link.kind : null;
}

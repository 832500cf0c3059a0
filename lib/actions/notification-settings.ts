"use server";

import { getClaims } from "@/lib/auth/session";
import { withRls } from "@/lib/db";
import { saveNotificationSettings } from "@/lib/data/notification-settings";
import { myProfileId } from "@/lib/data/conversations";
import { notificationSettingsSchema, settingsFromForm } from "@/lib/validation/notification-settings";

export type SettingsSaveState = { ok: boolean; message: string; at: number } | null;

const failure = "Could not save your e-mail settings. Please try again.";

/** Saves the Notifications section of /settings (a form action: works before the page's script has run). */
export async function saveNotificationSettingsAction(
  _previous: SettingsSaveState,
  form: FormData,
): Promise<SettingsSaveState> {
  const claims = await getClaims();
  if (!claims) return { ok: false, message: "Please sign in again to change your settings.", at: Date.now() };
  const parsed = notificationSettingsSchema.safeParse(settingsFromForm(form));
  if (!parsed.success) return { ok: false, message: failure, at: Date.now() };
  try {
    const saved = await withRls(claims, async (tx) => {
      const me = await myProfileId(tx);
      if (!me) return false;
      await saveNotificationSettings(tx, me, parsed.data);
      return true;
    });
    return saved
      ? { ok: true, message: "E-mail settings saved.", at: Date.now() }
      : { ok: false, message: "Please create your profile first.", at: Date.now() };
  } catch (error) {
    console.error("notification settings save failed", {
      action: "settings.notifications",
      userId: claims.sub,
      reason: error instanceof Error ? error.message : String(error),
    });
    return { ok: false, message: failure, at: Date.now() };
  }
}

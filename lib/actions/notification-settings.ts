"use server";

import { formAction } from "@/lib/server-action/define-action";
import { myProfileId } from "@/lib/data/conversations";
import { saveNotificationSettings } from "@/lib/data/notification-settings";
import { notificationSettingsSchema, settingsFromForm } from "@/lib/validation/notification-settings";

const failure = "Could not save your e-mail settings. Please try again.";

/**
 * Saves the Notifications section of /settings (a form action: works before the page's script has run).
 * `at` makes each answer new, so the same message twice is announced twice.
 */
export const saveNotificationSettingsAction = formAction(
  {
    name: "settings.notifications",
    fallback: failure,
    texts: { UNAUTHENTICATED: "Please sign in again to change your settings." },
    read: settingsFromForm,
    input: { schema: notificationSettingsSchema, error: failure },
    echo: () => ({ at: Date.now() }),
  },
  async ({ db }, settings) => {
    const saved = await db(async (tx) => {
      const me = await myProfileId(tx);
      if (!me) return false;
      await saveNotificationSettings(tx, me, settings);
      return true;
    });
    return saved
      ? ({ ok: true, message: "E-mail settings saved.", at: Date.now() } as const)
      : ({ ok: false, error: "Please create your profile first.", at: Date.now() } as const);
  },
);

import { z } from "zod";

/** A switch per kind of notification e-mail (mirrors public.notification_settings). */
export const notificationSettingsSchema = z.strictObject(
  {
    join_requests: z.boolean({ error: "Choose whether to get e-mails about join requests and invitations" }),
    decisions: z.boolean({ error: "Choose whether to get e-mails about answers to your requests" }),
    messages: z.boolean({ error: "Choose whether to get message e-mails" }),
    urgent_alerts: z.boolean({ error: "Choose whether to get urgent leg alerts" }),
    session_updates: z.boolean({ error: "Choose whether to get e-mails about session places and changes" }),
    session_reminders: z.boolean({ error: "Choose whether to get session reminders" }),
  },
  { error: "Send the notification settings as a form" },
);

export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** What someone gets before they change anything (a missing row in the table). */
export const defaultNotificationSettings: NotificationSettings = {
  join_requests: true,
  decisions: true,
  messages: true,
  urgent_alerts: false,
  session_updates: true,
  session_reminders: true,
};

/** The settings a submitted form means: a checkbox sends "on" when ticked and nothing when not. */
export function settingsFromForm(form: FormData): unknown {
  const extra = [...form.keys()].filter(
    (key) => !(key in defaultNotificationSettings) && !key.startsWith("$ACTION") && key !== "form",
  );
  if (extra.length) return { unknown: extra };
  return Object.fromEntries(
    Object.keys(defaultNotificationSettings).map((key) => [key, form.get(key) === "on"]),
  );
}

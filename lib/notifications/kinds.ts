/** The kinds of notification e-mail (the outbox's `kind`), their settings column and how people read them. */
export const notificationKinds = [
  "join_request",
  "decision",
  "message",
  "urgent_alert",
  "session_update",
  "session_reminder",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** Column of public.notification_settings that switches each kind. */
export const settingColumn = {
  join_request: "join_requests",
  decision: "decisions",
  message: "messages",
  urgent_alert: "urgent_alerts",
  session_update: "session_updates",
  session_reminder: "session_reminders",
} as const satisfies Record<NotificationKind, string>;

export const kindLabels: Record<NotificationKind, { title: string; hint: string }> = {
  join_request: {
    title: "Join requests and invitations",
    hint: "When an athlete asks to join your team, or a team invites you to join it.",
  },
  decision: {
    title: "Answers to your requests",
    hint: "When a team accepts or declines your request, or removes you.",
  },
  message: {
    title: "New messages",
    hint: "When a message is still unread after 5 minutes; at most one e-mail per conversation every 30 minutes.",
  },
  urgent_alert: {
    title: "Urgent leg alerts",
    hint: "When a team urgently needs your leg. Only while your profile is public and looking for a team; at most one a day.",
  },
  session_update: {
    title: "Session places and changes",
    hint: "When a place in a session you're waiting for is yours to take, and when a session you answered is moved, cancelled or called on for the weather.",
  },
  session_reminder: {
    title: "Session reminders",
    hint: "The evening before a session you're going to, and for hosts, who's coming.",
  },
};

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === "string" && (notificationKinds as readonly string[]).includes(value);
}

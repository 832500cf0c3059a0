import type { ExperienceLevel, Specialty } from "@/lib/labels";
import type { ReportReason } from "@/lib/report-reasons";

/** What private.claim_notifications returns for each kind (see supabase/schema.sql). */
export type JoinRequestData = {
  team_id: string;
  team_name: string;
  requester_name: string;
  requester_username: string;
  role: Specialty;
  experience_level: ExperienceLevel;
  /** The request (team_members id): its page is where the creator answers. Absent in older test data. */
  member_id?: string;
};
export type DecisionData = {
  team_id: string;
  team_name: string;
  decision: "accepted" | "declined" | "removed";
  /** The request the decision answers: its page says where it stands. */
  member_id?: string;
};
export type MessageData = {
  conversation_id: string;
  sender_name: string;
  count: number;
  /** The newest unread message, its first 140 characters at most. */
  excerpt: string;
  truncated: boolean;
};
/** A team chat's unread messages (supabase/schema.sql): to each other member, as for a 1:1 message. */
export type TeamChatData = {
  team_id: string;
  team_name: string;
  /** The sender of the newest unread message. */
  sender_name: string;
  count: number;
  /** The newest unread message, its first 140 characters at most. */
  excerpt: string;
  truncated: boolean;
};
export type UrgentAlertData = {
  team_id: string;
  team_name: string;
  role: Specialty;
  urgent_by: string;
  location: string | null;
};

/** An invitation to join a team (supabase/schema.sql): to the invitee, at once. */
export type InvitationData = {
  team_id: string;
  team_name: string;
  /** The leg the team invites them for. */
  role: Specialty;
  location: string | null;
  /** The creator's name, only when their profile is public. */
  inviter_name: string | null;
  /** The team's urgent need, only while its date is today or later. */
  urgent_role: Specialty | null;
  urgent_by: string | null;
  /** The invitation: its page is where the invitee answers. */
  invitation_id?: string;
};

/** A register-interest confirmation (supabase/schema.sql). */
export type InterestConfirmData = {
  request_id: string;
  name: string;
  specialty: Specialty;
  expires_at: string;
};
/** A team closed because its creator deleted their account; the team itself is gone. */
export type TeamClosedData = { team_name: string };

/** A moderator removed the athlete's photo; the reason of the report they acted on. */
export type PhotoRemovedData = { reason: ReportReason };

/** What every session notification names (supabase/schema.sql: private.session_notification_content). */
type SessionBase = {
  session_id: string;
  occurrence_id: string;
  title: string;
  sport: string;
  starts_at: string;
  meeting_point: string;
  meeting_note: string | null;
};
export type SessionOfferData = SessionBase & {
  places: number;
  going: number;
  offer_kind: "head" | "open";
  offer_expires_at: string;
};
/** A snapshot made when the host changed the date (it outlives a deleted session). */
export type SessionChangeData = SessionBase & {
  what: "on" | "moved" | "cancelled";
  reason: "host" | "weather" | "host_left" | "removed" | "moderator" | null;
};
export type SessionReminderData = SessionBase & { places: number; going: number; duration_minutes: number };
export type SessionSummaryData = SessionReminderData & {
  waiting: number;
  late_cancels: number;
  names: string[];
};

type Claim<K extends string, D, R = string> = {
  /** bigint, as postgres.js returns it. */
  id: string;
  kind: K;
  claim_token: string;
  attempts: number;
  /** The athlete; null for a register-interest confirmation, which goes to an address. */
  recipient_id: R;
  to_email: string;
  recipient_name: string;
  data: D;
};

export type ClaimedNotification =
  | Claim<"join_request", JoinRequestData>
  | Claim<"decision", DecisionData>
  | Claim<"message", MessageData>
  | Claim<"team_chat", TeamChatData>
  | Claim<"urgent_alert", UrgentAlertData>
  | Claim<"invitation", InvitationData>
  | Claim<"team_closed", TeamClosedData>
  | Claim<"session_offer", SessionOfferData>
  | Claim<"session_change", SessionChangeData>
  | Claim<"session_reminder", SessionReminderData>
  | Claim<"session_summary", SessionSummaryData>
  | Claim<"photo_removed", PhotoRemovedData>
  | Claim<"interest_confirm", InterestConfirmData, null>;

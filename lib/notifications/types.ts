import type { ExperienceLevel, Specialty } from "@/lib/labels";

/** What private.claim_notifications returns for each kind (see 20261125010200_notification_worker.sql). */
export type JoinRequestData = {
  team_id: string;
  team_name: string;
  requester_name: string;
  requester_username: string;
  role: Specialty;
  experience_level: ExperienceLevel;
};
export type DecisionData = {
  team_id: string;
  team_name: string;
  decision: "accepted" | "declined" | "removed";
};
export type MessageData = {
  conversation_id: string;
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

type Claim<K extends string, D> = {
  /** bigint, as postgres.js returns it. */
  id: string;
  kind: K;
  claim_token: string;
  attempts: number;
  recipient_id: string;
  to_email: string;
  recipient_name: string;
  data: D;
};

export type ClaimedNotification =
  | Claim<"join_request", JoinRequestData>
  | Claim<"decision", DecisionData>
  | Claim<"message", MessageData>
  | Claim<"urgent_alert", UrgentAlertData>;

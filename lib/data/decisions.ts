import "server-only";
import type { Tx } from "@/lib/db";
import type { ExperienceLevel } from "@/lib/validation/profile";
import { teamIdSchema, type TeamRole, type TeamStatus } from "@/lib/validation/team";

// One decision as its link shows it (public.join_request_view and public.team_invitation_view decide who may
// read it and what of it). Run inside withRls as the signed-in user.

type Gone = { state: "team_gone" } | { state: "not_found" };

export type JoinRequestView =
  | Gone
  | {
      state: "ok";
      viewer: "creator" | "requester";
      team_name: string;
      team_status: TeamStatus;
      role: TeamRole;
      member_status: "pending" | "active" | "declined" | "left";
      /** The request was accepted once (a 'left' row is then a member who left, not a withdrawn request). */
      was_accepted: boolean;
      requester_id: string;
      requester_name: string;
      requester_username: string;
      requester_public: boolean;
      experience_level: ExperienceLevel | null;
      asked_at: Date;
      /** Still pending, and another athlete races the leg asked for now. */
      leg_taken: boolean;
      /** The team's open legs: what the creator can accept as, what the requester can ask for instead. */
      open_legs: TeamRole[];
      /** Room under max_members for one more active member (an extra place). */
      has_room: boolean;
    };

export type InvitationView =
  | Gone
  | {
      state: "ok";
      viewer: "invitee" | "creator";
      team_name: string;
      team_status: TeamStatus;
      role: TeamRole;
      invitation_status: "pending" | "accepted" | "declined";
      invitee_name: string | null;
      location: string | null;
      urgent_role: TeamRole | null;
      urgent_by: string | null;
    };

const notFound = { state: "not_found" } as const;
const valid = (...ids: string[]) => ids.every((id) => teamIdSchema.safeParse(id).success);

export async function readJoinRequest(tx: Tx, teamId: string, memberId: string): Promise<JoinRequestView> {
  if (!valid(teamId, memberId)) return notFound;
  const [row] = await tx<JoinRequestView[]>`select * from public.join_request_view(${teamId}, ${memberId})`;
  return row ?? notFound;
}

export async function readInvitation(tx: Tx, teamId: string, invitationId: string): Promise<InvitationView> {
  if (!valid(teamId, invitationId)) return notFound;
  const [row] = await tx<InvitationView[]>`
    select state, viewer, team_name, team_status, role, invitation_status, invitee_name, location, urgent_role,
           urgent_by::text as urgent_by
    from public.team_invitation_view(${teamId}, ${invitationId})`;
  return row ?? notFound;
}

/**
 * The one page of each decision: what an e-mail, the dashboard and the "Request sent" card link to. Both
 * are protected paths (below /teams/{id}), so a signed-out visitor goes through sign-in and lands back here.
 */
export function requestPath(teamId: string, memberId: string): string {
  return `/teams/${encodeURIComponent(teamId)}/requests/${encodeURIComponent(memberId)}`;
}

export function invitationPath(teamId: string, invitationId: string): string {
  return `/teams/${encodeURIComponent(teamId)}/invitations/${encodeURIComponent(invitationId)}`;
}

/** "Sam" from "Sam O'Neil": how the app names a person in a sentence. */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] || fullName;
}

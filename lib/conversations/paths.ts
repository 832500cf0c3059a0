/** Where a team's chat opens: the messages page with the chat on screen (on a phone, the chat alone). */
export const teamChatPath = (teamId: string) => `/messages?team=${teamId}`;

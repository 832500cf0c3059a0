/**
 * Where a conversation opens: the messages page with it on screen (on a phone, the thread alone). Kept free
 * of imports: the e-mails, the dashboard and the browser all link here.
 */
export const conversationPath = (conversationId: string) => `/messages?c=${conversationId}`;
export const teamChatPath = (teamId: string) => `/messages?team=${teamId}`;
export const sessionChatPath = (occurrenceId: string) => `/messages?session=${occurrenceId}`;

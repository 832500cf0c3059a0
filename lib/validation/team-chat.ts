import { z } from "zod";
import { messageContent, uuidSchema } from "./message";

/** One send to a team's chat: the browser picks the id (a retry is stored once); the text is a message's. */
export const sendTeamChatSchema = z.strictObject({
  id: uuidSchema,
  teamId: uuidSchema,
  content: messageContent,
});

/** Error texts of the team chat, shared by actions and tests. */
export const teamChatErrors = {
  notMember: "Only the team's members can read and write in its chat",
} as const;

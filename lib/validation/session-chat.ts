import { z } from "zod";
import { messageContent, uuidSchema } from "./message";

/** One send to a session date's chat: the browser picks the id (a retry is stored once); the text is a message's. */
export const sendSessionChatSchema = z.strictObject({
  id: uuidSchema,
  occurrenceId: uuidSchema,
  content: messageContent,
});

/** Error texts of the session chat, shared by actions and tests. */
export const sessionChatErrors = {
  notMember: "Only the host and the athletes going can read and write in this session's chat",
} as const;

import { z } from "zod";
import { safeText } from "./text";

/** Limits of a message (docs/product.md#messages; the CHECK on messages.content mirrors them). */
export const messageLimits = { content: { min: 1, max: 2000 } } as const;

/** Message text: trimmed, 1 to 2,000 characters, newlines allowed, no control or hidden characters. */
export const messageContent = safeText(
  "Message",
  {
    min: messageLimits.content.min,
    max: messageLimits.content.max,
    tooShort: "Message can't be empty",
    tooLong: `Message must be at most ${messageLimits.content.max} characters`,
  },
  { multiline: true },
);

export const uuidSchema = z.uuid({ error: "Invalid id" });

/**
 * One send. `id` is chosen by the browser, so a retried send is recognised and stored once. `senderId` is
 * optional: when a client names a sender it must be the signed-in athlete (docs/product.md#messages).
 */
export const sendMessageSchema = z.strictObject({
  id: uuidSchema,
  conversationId: uuidSchema,
  senderId: uuidSchema.optional(),
  content: messageContent,
});

export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** Error texts of docs/product.md#messages, shared by actions and tests. */
export const messageErrors = {
  senderMismatch: "Forbidden: Sender ID does not match authenticated user",
  notParticipant: "Forbidden: You are not a participant in this conversation",
  notAuthenticated: "Not authenticated",
  profileNotFound: "Profile not found",
  sendFailed: "Message not sent. Check your connection and try again.",
  unavailable: "Not sent: our database isn't answering right now. Press Send again in a few seconds.",
  startNoProfile: "Please create your profile first to send messages",
  startFailed: "Failed to start conversation. Please try again.",
  startSelf: "This is your own profile.",
} as const;

/**
 * One conversation model for every kind of conversation (docs/product.md#messages, #team-chat,
 * #session-chat): a 1:1 conversation, a team's chat and a session date's chat share the thread, the list, the catch-up, the unread count and the report
 * rules; a kind says only what differs: where its messages are, who reads them (the members, decided by the
 * server under RLS), and what its thread calls things. A new kind is a new definition in ./kinds/.
 */

/** What every conversation's message has, whatever its kind. */
export type ThreadMessage = { id: string; sender_id: string | null; content: string; created_at: string };

/** Where a thread resumes from: its newest message on screen. */
export type After = { created_at: string; id: string } | null;

/** What the live inbox starts from (lib/actions/messages.ts fetchInboxState). */
export type InboxState = {
  profileId: string | null;
  unread: number;
  teamIds: string[];
  sessionIds: string[];
};

/** A refusal, said in its own words (lib/server-action/result.ts). */
type Failure = { ok: false; error?: string; code?: string };
export type SendAnswer<M> = { ok: true; message: M } | Failure;

export type ConversationKind<M extends ThreadMessage = ThreadMessage, Fetched = object> = {
  name: "direct" | "team" | "session";
  /** Where it opens: the messages page with it on screen (on a phone, the thread alone). */
  path: (id: string) => string;
  /** The open thread's private Realtime channel (authorised by RLS on realtime.messages). */
  topic: (id: string) => string;
  /** The table of its messages and the column naming the conversation (Realtime's filter). */
  table: string;
  column: string;
  conversationOf: (m: M) => string;
  /** The changes the thread and the inbox follow: a 1:1 message also changes (its read flag). */
  events: readonly ("INSERT" | "UPDATE")[];
  /** The live inbox's filters for this kind's messages; none leaves the kind out of the inbox channel. */
  inboxFilters: (state: InboxState & { profileId: string }) => string[];
  /** Whether the viewer has still to read `m` (the open thread marks it read as it arrives). */
  unreadBy: (m: M, me: string) => boolean;
  /** Whether blocks apply: they keep two athletes apart in 1:1, never take anyone out of a group. */
  blockable: boolean;
  /** The thread, or what was stored after `after` (the catch-up), with what else the kind's thread shows. */
  fetch: (id: string, after: After) => Promise<({ ok: true; messages: M[] } & Fetched) | Failure>;
  /** Marks it read for the viewer; answers the unread count that leaves (the badge takes it). */
  markRead: (id: string) => Promise<{ ok: true; unread: number } | Failure>;
  /** Sends under the browser's id (a retry stores it once). */
  send: (input: { id: string; to: string; content: string }) => Promise<SendAnswer<M>>;
  /** Send as a form posts it, before the page's scripts have run; `formField` names the conversation. */
  sendFromForm: (previous: SendAnswer<M> | null, form: FormData) => Promise<SendAnswer<M>>;
  formField: string;
  /** The toast for a message that arrives while the athlete is on another page. */
  arrivedText: (preview: string) => string;
};

/** Report rules, one for every kind: another member's message can be reported; one's own and notices not. */
export const canReport = (m: ThreadMessage, me: string) => m.sender_id !== null && m.sender_id !== me;

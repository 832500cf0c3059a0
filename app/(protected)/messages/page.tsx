import { randomUUID } from "node:crypto";
import type { Metadata, Viewport } from "next";
import Link from "next/link";
import { MessagesView } from "@/components/conversations/messages-view";
import { requireUser } from "@/lib/auth/session";
import { withRls } from "@/lib/db";
import { findConversation, listConversations, myProfileId } from "@/lib/data/conversations";
import { withConversationPhotos } from "@/lib/photos/urls";
import { listMessages } from "@/lib/data/messages";
import { findRequestSent } from "@/lib/data/request-sent";
import {
  findSessionChat,
  listMySessionChats,
  listSessionChatMessages,
  sessionChatMembers,
} from "@/lib/data/session-chat";
import { listMyTeamChats, listTeamChatMessages, teamChatMembers } from "@/lib/data/team-chat";
import { pageMetadata } from "@/lib/seo/metadata";
import { uuidSchema } from "@/lib/validation/message";

export const metadata: Metadata = pageMetadata({
  title: "Messages",
  description: "Your conversations with other athletes.",
  path: "/messages",
  noindex: true,
});

// On a phone the chat fills the screen: Chrome then shrinks the page, not just the view, for the keyboard,
// so the composer stays above it (iOS is handled in MessagesView).
export const viewport: Viewport = {
  themeColor: "#072a48",
  viewportFit: "cover",
  interactiveWidget: "resizes-content",
};

type Props = {
  searchParams: Promise<{ c?: string | string[]; team?: string | string[]; session?: string | string[] }>;
};

/**
 * Messages (docs/product.md#messages). `/messages?c=<id>` opens that conversation, `/messages?team=<team id>`
 * that team's chat, `/messages?session=<occurrence id>` that session date's chat, so other pages (and e-mails)
 * can link to them. The team chats sit at the top of the list, the session chats under them.
 */
export default async function MessagesPage({ searchParams }: Props) {
  const { claims } = await requireUser("/messages");
  const { c, team, session } = await searchParams;
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const wantedSession = uuidSchema.safeParse(first(session));
  const wantedTeam = wantedSession.success
    ? uuidSchema.safeParse(undefined)
    : uuidSchema.safeParse(first(team));
  const wanted =
    wantedTeam.success || wantedSession.success
      ? uuidSchema.safeParse(undefined)
      : uuidSchema.safeParse(first(c));
  // One transaction and one round trip: the list, and the open thread when asked for. RLS answers
  // nothing for a conversation that is not the viewer's, and then nothing of it is shown.
  const data = await withRls(claims, async (tx) => {
    const [
      me,
      conversations,
      active,
      thread,
      requestSent,
      teamChats,
      teamMessages,
      teamMembers,
      sessionChats,
      sessionMessages,
      sessionMembers,
    ] = await Promise.all([
      myProfileId(tx),
      listConversations(tx),
      wanted.success ? findConversation(tx, wanted.data) : null,
      wanted.success ? listMessages(tx, wanted.data) : [],
      wanted.success ? findRequestSent(tx, wanted.data) : null,
      listMyTeamChats(tx),
      wantedTeam.success ? listTeamChatMessages(tx, wantedTeam.data) : [],
      wantedTeam.success ? teamChatMembers(tx, wantedTeam.data) : [],
      listMySessionChats(tx),
      wantedSession.success ? listSessionChatMessages(tx, wantedSession.data) : [],
      wantedSession.success ? sessionChatMembers(tx, wantedSession.data) : [],
    ]);
    if (!me) return null;
    // RLS answers nothing of a team the viewer is not an active member of: then no chat is open.
    const chat = wantedTeam.success ? teamChats.find((t) => t.team_id === wantedTeam.data) : undefined;
    // The same for a session date: only its host and the athletes going are its members.
    const sessionChat = wantedSession.success ? await findSessionChat(tx, wantedSession.data) : null;
    return {
      me,
      conversations,
      active,
      messages: active ? thread : [],
      requestSent: active ? requestSent : null,
      teamChats,
      activeTeam:
        chat && teamMembers.length
          ? { team: { id: chat.team_id, name: chat.team_name }, messages: teamMessages, members: teamMembers }
          : null,
      sessionChats,
      activeSession:
        sessionChat && sessionMembers.length
          ? { session: sessionChat, messages: sessionMessages, members: sessionMembers }
          : null,
    };
  });

  if (data) {
    const [conversations, active] = await Promise.all([
      withConversationPhotos(data.conversations),
      data.active ? withConversationPhotos([data.active]).then(([a]) => a!) : null,
    ]);
    Object.assign(data, { conversations, active });
  }

  return (
    <div className="chat-page mx-auto w-full max-w-6xl md:px-6 md:py-8">
      {data ? (
        <MessagesView
          me={data.me}
          initialConversations={data.conversations}
          active={data.active}
          activeMessages={data.messages}
          requestSent={data.requestSent}
          teamChats={data.teamChats}
          activeTeam={data.activeTeam}
          sessionChats={data.sessionChats}
          activeSession={data.activeSession}
          missing={
            (c !== undefined && !data.active && !wantedTeam.success && !wantedSession.success) ||
            (team !== undefined && !wantedSession.success && !data.activeTeam) ||
            (session !== undefined && !data.activeSession)
          }
          earlyId={randomUUID()}
        />
      ) : (
        <div className="m-4 rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm md:m-0">
          <h1 className="text-ocean-950 mb-2 text-xl font-bold">Messages</h1>
          <p className="font-semibold text-slate-800">No conversations yet.</p>
          <p className="mt-1 text-slate-600">Please create your profile first to send messages</p>
          <Link href="/create-profile" className="text-ocean-700 mt-3 inline-block font-semibold underline">
            Create your profile
          </Link>
        </div>
      )}
    </div>
  );
}

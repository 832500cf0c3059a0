"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { fetchConversationsAction } from "@/lib/actions/messages";
import { fetchMySessionChatsAction } from "@/lib/actions/session-chat";
import { fetchMyTeamChatsAction } from "@/lib/actions/team-chat";
import { isOpenThread, onInboxEvent, startInbox } from "@/lib/conversations/inbox";
import { applyMessage, applyRead, applySessionMessage, applyTeamMessage } from "@/lib/conversations/list";
import type {
  ConversationSummary,
  GroupChatMember,
  Message,
  SessionChatMessage,
  SessionChatSummary,
  TeamChatMember,
  TeamChatMessage,
  TeamChatSummary,
} from "@/lib/conversations/types";
import type { RequestSent } from "@/lib/data/request-sent";
import { DirectList } from "./direct-list";
import { DirectThread } from "./direct-thread";
import { RequestSentCard } from "./request-sent-card";
import { SessionList } from "./session-list";
import { SessionThread } from "./session-thread";
import { TeamList } from "./team-list";
import { TeamThread } from "./team-thread";

type Props = {
  me: string;
  initialConversations: ConversationSummary[];
  active: ConversationSummary | null;
  activeMessages: Message[];
  missing: boolean;
  /** The viewer's join request to the other participant's team, shown at the top of the thread. */
  requestSent?: RequestSent | null;
  /** A fresh message id for a Send pressed before the page's scripts have run. */
  earlyId: string;
  /** The athlete's team chats (top of the list) and the one open, if any. */
  teamChats?: TeamChatSummary[];
  activeTeam?: {
    team: { id: string; name: string };
    messages: TeamChatMessage[];
    members: TeamChatMember[];
  } | null;
  /** The athlete's session chats (below the team chats) and the one open, if any. */
  sessionChats?: SessionChatSummary[];
  activeSession?: {
    session: { occurrenceId: string; title: string; startsAt: string; cancelled: boolean };
    messages: SessionChatMessage[];
    members: GroupChatMember[];
  } | null;
};

/**
 * /messages: the list on the left, the open thread on the right, never taller than the screen under the top
 * bar (the `.chat-screen` rules in app/globals.css). On a phone they are two screens: the list, and the
 * thread with a back button. The list is kept to the thread's height, which sets the chat's.
 */
export function MessagesView({
  me,
  initialConversations,
  active,
  activeMessages,
  missing,
  requestSent = null,
  earlyId,
  teamChats: initialTeamChats = [],
  activeTeam = null,
  sessionChats: initialSessionChats = [],
  activeSession = null,
}: Props) {
  const [conversations, setConversations] = useState(initialConversations);
  const [teamChats, setTeamChats] = useState(initialTeamChats);
  const [teamsFromServer, setTeamsFromServer] = useState(initialTeamChats);
  if (teamsFromServer !== initialTeamChats) {
    setTeamsFromServer(initialTeamChats);
    setTeamChats(initialTeamChats);
  }
  const [sessionChats, setSessionChats] = useState(initialSessionChats);
  const [sessionsFromServer, setSessionsFromServer] = useState(initialSessionChats);
  if (sessionsFromServer !== initialSessionChats) {
    setSessionsFromServer(initialSessionChats);
    setSessionChats(initialSessionChats);
  }
  const activeTeamId = activeTeam?.team.id ?? null;
  const activeSessionId = activeSession?.session.occurrenceId ?? null;
  const activeId = active?.id ?? activeTeamId ?? activeSessionId;

  // A navigation (another ?c=) brings a fresh list from the server: it replaces the local one.
  const [fromServer, setFromServer] = useState(initialConversations);
  if (fromServer !== initialConversations) {
    setFromServer(initialConversations);
    setConversations(initialConversations);
  }

  // A pending request's card follows the answer: the creator's accept or decline posts a message into this
  // thread, and the page is read again for the card's new state.
  const router = useRouter();
  const waitingOn = requestSent?.status === "pending" ? activeId : null;
  useEffect(() => {
    if (!waitingOn) return;
    return onInboxEvent((event) => {
      if (
        event.kind === "message" &&
        event.of === "direct" &&
        event.message.conversation_id === waitingOn &&
        event.message.sender_id !== me
      )
        router.refresh();
    });
  }, [waitingOn, me, router]);

  useEffect(() => {
    void startInbox();
    let teamTimer: ReturnType<typeof setTimeout> | null = null;
    let sessionTimer: ReturnType<typeof setTimeout> | null = null;
    const refetchSessionChats = () =>
      fetchMySessionChatsAction().then(
        (result) => result.ok && setSessionChats(result.chats),
        () => {},
      );
    const refetchTeamChats = () =>
      fetchMyTeamChatsAction().then(
        (result) => result.ok && setTeamChats(result.chats),
        () => {},
      );
    const refetchAll = () => {
      void refetchTeamChats();
      void refetchSessionChats();
      return fetchConversationsAction().then(
        (result) => result.ok && setConversations(result.conversations),
        () => {},
      );
    };
    const off = onInboxEvent((event) => {
      if (event.kind === "reconnected") return void refetchAll();
      // A team chat's row moves up with the new text at once; who wrote it (a name the event does not
      // carry) comes with the list read again, once per burst.
      if (event.of === "team") {
        const m = event.message;
        setTeamChats((list) => applyTeamMessage(list, m, me, isOpenThread("team", m.team_id)));
        if (teamTimer) clearTimeout(teamTimer);
        teamTimer = setTimeout(() => void refetchTeamChats(), 1000);
        return;
      }
      if (event.of === "session") {
        const m = event.message;
        setSessionChats((list) => applySessionMessage(list, m, me, isOpenThread("session", m.occurrence_id)));
        if (sessionTimer) clearTimeout(sessionTimer);
        sessionTimer = setTimeout(() => void refetchSessionChats(), 1000);
        return;
      }
      const m = event.message;
      if (event.kind === "update") return void setConversations((list) => applyRead(list, m, me));
      setConversations((list) => {
        const next = applyMessage(list, m, me, isOpenThread("direct", m.conversation_id));
        if (next) return next;
        // A conversation this list has not seen yet: fetch its row.
        void fetchConversationsAction(m.conversation_id).then(
          (result) => {
            if (!result.ok) return;
            const rows = result.conversations;
            setConversations((l) => [...rows, ...l.filter((c) => !rows.some((r) => r.id === c.id))]);
          },
          () => {},
        );
        return list;
      });
    });
    window.addEventListener("online", refetchAll);
    return () => {
      off();
      if (teamTimer) clearTimeout(teamTimer);
      if (sessionTimer) clearTimeout(sessionTimer);
      window.removeEventListener("online", refetchAll);
    };
  }, [me]);

  useAppHeight();

  return (
    <div
      className={`chat-screen ${activeId ? "chat-thread-open" : ""} grid min-h-0 grid-cols-[minmax(0,1fr)] grid-rows-[minmax(0,1fr)] overflow-hidden bg-white md:grid-cols-[20rem_minmax(0,1fr)] md:rounded-2xl md:border md:border-slate-200 md:shadow-sm`}
    >
      <section
        aria-label="Conversations"
        className={`flex min-h-0 flex-col border-slate-200 md:max-h-[calc(600px+8.5rem)] md:border-r ${activeId ? "hidden md:flex" : ""}`}
      >
        <h1 className="text-ocean-950 border-b border-slate-200 px-4 py-3 text-xl font-bold">Messages</h1>
        <div className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain">
          {teamChats.length ? (
            <>
              <h2 className="bg-slate-50 px-4 py-1.5 text-xs font-bold tracking-wide text-slate-700 uppercase">
                Team chats
              </h2>
              <TeamList chats={teamChats} me={me} activeId={activeTeamId} />
            </>
          ) : null}
          {sessionChats.length ? (
            <>
              <h2 className="border-t border-slate-200 bg-slate-50 px-4 py-1.5 text-xs font-bold tracking-wide text-slate-700 uppercase">
                Session chats
              </h2>
              <SessionList chats={sessionChats} me={me} activeId={activeSessionId} />
            </>
          ) : null}
          {teamChats.length || sessionChats.length ? (
            <h2 className="border-t border-slate-200 bg-slate-50 px-4 py-1.5 text-xs font-bold tracking-wide text-slate-700 uppercase">
              Conversations
            </h2>
          ) : null}
          <DirectList conversations={conversations} activeId={active?.id ?? null} />
        </div>
      </section>
      <div className={`min-h-0 ${activeId ? "" : "hidden md:block"}`}>
        {activeSession ? (
          <SessionThread
            key={activeSession.session.occurrenceId}
            session={activeSession.session}
            me={me}
            initial={activeSession.messages}
            members={activeSession.members}
            earlyId={earlyId}
          />
        ) : activeTeam ? (
          <TeamThread
            key={activeTeam.team.id}
            team={activeTeam.team}
            me={me}
            initial={activeTeam.messages}
            members={activeTeam.members}
            earlyId={earlyId}
          />
        ) : active ? (
          <DirectThread
            key={active.id}
            conversation={active}
            me={me}
            initial={activeMessages}
            earlyId={earlyId}
            above={
              requestSent ? (
                <RequestSentCard
                  request={requestSent}
                  creatorName={active.other_participant?.full_name ?? null}
                />
              ) : null
            }
          />
        ) : (
          <div className="flex h-full min-h-[20rem] flex-col items-center justify-center px-6 text-center text-slate-600">
            {missing ? (
              <p className="mb-2 text-slate-800">That conversation doesn&apos;t exist or isn&apos;t yours.</p>
            ) : null}
            <p>Select a conversation to start messaging</p>
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * On a phone the chat is as tall as what is visible: iOS Safari does not shrink the layout for the
 * on-screen keyboard (Chrome does, with interactive-widget=resizes-content), so the visible height is
 * handed to the CSS as --app-height and the composer stays just above the keyboard.
 */
function useAppHeight() {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const root = document.documentElement;
    const apply = () => {
      root.style.setProperty("--app-height", `${Math.round(viewport.height)}px`);
      // iOS scrolls the page to show a focused field; the chat is the page, so put it back.
      if (window.scrollY !== 0 && window.matchMedia("(max-width: 47.99rem)").matches) window.scrollTo(0, 0);
    };
    apply();
    viewport.addEventListener("resize", apply);
    return () => {
      viewport.removeEventListener("resize", apply);
      root.style.removeProperty("--app-height");
    };
  }, []);
}

"use client";

import Link from "next/link";
import { createContext, useContext, useState, type ReactNode } from "react";

type Progress = { sending(): void; sent(conversationId: string): void; failed(): void };

const JoinProgress = createContext<Progress | null>(null);

/** For ConfirmJoin: tells the join screen a request is on its way, sent, or refused. */
export const useJoinProgress = () => useContext(JoinProgress);

/**
 * The join screen's card content (docs/product.md#join-requests). A sent request refreshes the page on the
 * server, which then sees the pending request and would say "You have already asked to join this team"
 * for the moment before the conversation opens. This client part stays mounted through that refresh and
 * remembers the send, so the athlete reads "sent" until they are taken to the conversation.
 */
export function JoinScreen({
  teamName,
  blocked,
  children,
}: {
  teamName: string;
  /** What the server says instead of the question (own team, a member already, a request waiting...). */
  blocked: ReactNode;
  /** The question and its Send buttons. */
  children: ReactNode;
}) {
  const [state, setState] = useState<
    { k: "idle" } | { k: "sending" } | { k: "sent"; conversationId: string }
  >({ k: "idle" });
  const [progress] = useState<Progress>(() => ({
    sending: () => setState({ k: "sending" }),
    sent: (conversationId) => setState({ k: "sent", conversationId }),
    failed: () => setState({ k: "idle" }),
  }));

  if (state.k === "sent")
    return (
      <>
        <h1 className="text-ocean-950 text-2xl font-bold wrap-anywhere">Request sent to {teamName}</h1>
        <p role="status" className="text-slate-800">
          Your request has been sent! Opening your conversation with the team&apos;s creator.
        </p>
        <Link href={`/messages?c=${state.conversationId}`} className="text-ocean-800 font-semibold underline">
          Open the conversation
        </Link>
      </>
    );
  // While sending, the refreshed page may already say the request waits: keep the question on screen.
  if (state.k === "sending" && blocked)
    return (
      <>
        <h1 className="text-ocean-950 text-2xl font-bold wrap-anywhere">{teamName}</h1>
        <p role="status" className="text-slate-800">
          Sending Request...
        </p>
      </>
    );
  return <JoinProgress.Provider value={progress}>{blocked ?? children}</JoinProgress.Provider>;
}

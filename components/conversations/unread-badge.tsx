"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect } from "react";
import { isOpenThread, onInboxEvent, startInbox, stopInbox } from "@/lib/conversations/inbox";
import { kindOf } from "@/lib/conversations/kinds";
import { useInbox } from "@/lib/conversations/use-inbox";
import { toastInfo } from "@/lib/toast";

const preview = (text: string) =>
  Array.from(text).length > 60 ? `${Array.from(text).slice(0, 60).join("")}…` : text;

/**
 * The live unread count beside the top bar's Messages link, and a toast when a message arrives while the
 * athlete is on another page. Loaded only for signed-in visitors (AuthNav imports it lazily), so static
 * pages for visitors never fetch supabase-js.
 */
export default function UnreadBadge() {
  const { unread, profileId, live } = useInbox();
  const pathname = usePathname();
  const router = useRouter();

  useEffect(() => {
    void startInbox();
    return () => void stopInbox();
  }, []);

  useEffect(() => {
    if (!profileId) return;
    return onInboxEvent((event) => {
      if (event.kind !== "message" || event.message.sender_id === profileId || pathname === "/messages")
        return;
      const kind = kindOf(event.of);
      const id = kind.conversationOf(event.message);
      if (isOpenThread(kind.name, id)) return;
      toastInfo(kind.arrivedText(preview(event.message.content)));
      router.prefetch(kind.path(id));
    });
  }, [profileId, pathname, router]);

  // data-live tells tests (and anyone debugging) that the inbox channel is joined.
  return (
    <span data-inbox-live={live} className="inline-flex">
      {unread > 0 ? (
        <span
          className="bg-sunset-700 ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full px-1.5 text-xs font-bold text-white"
          data-testid="unread-badge"
        >
          {unread > 99 ? "99+" : unread}
          <span className="sr-only"> unread</span>
        </span>
      ) : null}
    </span>
  );
}

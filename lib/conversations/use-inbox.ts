"use client";

import { useSyncExternalStore } from "react";
import { inboxSnapshot, serverSnapshot, subscribeInbox } from "./inbox";

/** The live inbox state (unread count, live or not) for a component. */
export function useInbox() {
  return useSyncExternalStore(subscribeInbox, inboxSnapshot, () => serverSnapshot);
}

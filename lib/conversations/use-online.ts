"use client";

import { useEffect, useSyncExternalStore } from "react";
import { emptyOnline, onlineSnapshot, subscribeOnline, watchOnline } from "./presence";

/** Whether this athlete has the app open, watched while the component is mounted. */
export function useOnline(profileId: string): boolean {
  useEffect(() => watchOnline(profileId), [profileId]);
  const online = useSyncExternalStore(subscribeOnline, onlineSnapshot, () => emptyOnline);
  return online.has(profileId);
}

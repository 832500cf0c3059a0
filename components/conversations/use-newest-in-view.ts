"use client";

import { useEffect, useRef, type UIEvent } from "react";

/**
 * Keeps a chat log's newest message in view, as a chat should: it scrolls to the bottom whenever a message
 * arrives, and when the log gets shorter (a phone's keyboard opens) it stays at the bottom if the reader
 * was there. Spread the result on the log's element: `<div {...newestInView}>`.
 */
export function useNewestInView(count: number) {
  const ref = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);

  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  };
  return { ref, onScroll };
}

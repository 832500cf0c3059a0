"use client";

import { useEffect } from "react";

/**
 * Registers public/sw.js (the offline page and Web Push) once the page has loaded, on every page, so the
 * installed app and push work wherever the athlete starts. A browser without service workers, or one that
 * refuses them (private windows, tests that block them), simply goes on without.
 */
export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const register = () => {
      navigator.serviceWorker
        .register("/sw.js", { scope: "/", updateViaCache: "none" })
        .catch(() => undefined);
    };
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
    return () => window.removeEventListener("load", register);
  }, []);
  return null;
}

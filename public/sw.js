// The service worker of Noosa Tri Teams: an offline page for navigations, and Web Push notifications.
//
// It caches ONE thing, the public /offline page. Signed-in pages, API answers, server actions and
// static files are never cached or answered from here: every request but a page navigation is left to the
// browser as if there were no worker, and a navigation goes to the network (navigation preload, so the
// worker adds no wait) and falls back to the offline page only when the network fails.
// Plain JavaScript, served as is from public/ (no build step): Cache-Control no-cache in next.config.ts, so
// a new version is picked up on the next visit.

const OFFLINE_URL = "/offline";
const CACHE = "offline-v1";
const FALLBACK_URL = "/dashboard";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_URL, { cache: "reload" })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)));
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  if (event.request.mode !== "navigate" || event.request.method !== "GET") return;
  event.respondWith(
    (async () => {
      try {
        const preloaded = await event.preloadResponse;
        return preloaded || (await fetch(event.request));
      } catch {
        const offline = await caches.match(OFFLINE_URL);
        return offline || Response.error();
      }
    })(),
  );
});

/** A same-site path from a push's data, else the dashboard: a push never sends anyone off the site. */
function sameSitePath(value) {
  if (typeof value !== "string") return FALLBACK_URL;
  try {
    const url = new URL(value, self.location.origin);
    return url.origin === self.location.origin ? url.pathname + url.search + url.hash : FALLBACK_URL;
  } catch {
    return FALLBACK_URL;
  }
}

// The payload is JSON made by lib/notifications/push-payload.ts: { title, body, url, tag }.
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof data.title === "string" && data.title ? data.title : "Noosa Tri Teams";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      icon: "/icons/icon-192.png",
      badge: "/icons/badge-96.png",
      lang: "en-AU",
      // One notification per conversation or request: a newer one replaces it instead of piling up.
      tag: typeof data.tag === "string" ? data.tag : undefined,
      renotify: typeof data.tag === "string",
      data: { url: sameSitePath(data.url) },
    }),
  );
});

// A press on the notification: the page it is about, in a window of the app that is already open (brought
// forward and sent there), else in a new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = sameSitePath(event.notification.data && event.notification.data.url);
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus().catch(() => undefined);
        if (open.url === target) return;
        // navigate() works for a window this worker controls; any other gets a new window.
        const navigated = await open.navigate(target).catch(() => null);
        if (navigated) return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});

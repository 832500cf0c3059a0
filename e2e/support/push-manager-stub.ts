import type { Page } from "@playwright/test";

// The browser's side of Web Push for the specs, with the suite's own push service
// (test/fixtures/push-endpoint-server.ts) in place of the browser vendor's: headless Chromium has no push
// service and refuses to subscribe, so PushManager is the one stand-in; the service worker that shows what
// arrives is the site's own, reached through the DevTools protocol.

/**
 * Stands in for PushManager's subscribe/getSubscription: a subscription at the suite's push service. As a
 * real push service does, a subscription made after an unsubscribe has a new endpoint (`<endpoint>-1`, …).
 */
export async function stubPushManager(page: Page, sub: { endpoint: string; p256dh: string; auth: string }) {
  await page.addInitScript((s) => {
    const stored = "e2e-push-subscription-key";
    const renewed = "e2e-push-subscription-renewals";
    const current = () => {
      const n = Number(localStorage.getItem(renewed) ?? 0);
      return n ? `${s.endpoint}-${n}` : s.endpoint;
    };
    const make = (key: string, endpoint = current()) => ({
      endpoint,
      expirationTime: null,
      options: {
        userVisibleOnly: true,
        applicationServerKey: Uint8Array.from(atob(key), (c) => c.charCodeAt(0)).buffer,
      },
      toJSON: () => ({
        endpoint,
        expirationTime: null,
        keys: { p256dh: s.p256dh, auth: s.auth },
      }),
      unsubscribe: async () => {
        localStorage.removeItem(stored);
        localStorage.setItem(renewed, String(Number(localStorage.getItem(renewed) ?? 0) + 1));
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = new Uint8Array(options!.applicationServerKey as ArrayBuffer);
      localStorage.setItem(stored, btoa(String.fromCharCode(...key)));
      return make(localStorage.getItem(stored)!) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const key = localStorage.getItem(stored);
      return (key ? make(key) : null) as unknown as PushSubscription | null;
    };
  }, sub);
}

/** The site's service worker registration, by its DevTools id, and the DevTools session that found it. */
export async function registrationId(page: Page, baseURL: string) {
  const cdp = await page.context().newCDPSession(page);
  const id = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  return { cdp, id: await id };
}

/** The notifications the site's service worker shows on this device. */
export const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url: string }).url,
    })),
  );

"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { turnOffPushAction, turnOnPushAction } from "@/lib/actions/push-subscriptions";
import { useHydrated } from "@/lib/forms/use-early-action";
import { toastError, toastSuccess } from "@/lib/toast";

type State = "checking" | "unavailable" | "unsupported" | "install" | "blocked" | "off" | "on";

const explain: Partial<Record<State, string>> = {
  unavailable: "Notifications on devices are not set up on this site yet.",
  unsupported: "This browser cannot show notifications from websites.",
  install:
    "On an iPhone or iPad, add this site to your Home Screen first (Share, then Add to Home Screen), open it from there and turn notifications on here.",
  blocked:
    "Notifications are blocked for this site in your browser. Allow them in the site's settings (the icon beside the address), then come back here.",
};

const status: Partial<Record<State, string>> = {
  on: "On for this device.",
  off: "Off for this device.",
  blocked: "Blocked in this browser.",
};

function isAppleMobile(): boolean {
  const ua = navigator.userAgent;
  return /iPad|iPhone|iPod/.test(ua) || (ua.includes("Macintosh") && navigator.maxTouchPoints > 1);
}

function bytesFromBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(key: ArrayBuffer | null, publicKey: string): boolean {
  if (!key) return false;
  const a = new Uint8Array(key);
  const b = bytesFromBase64Url(publicKey);
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * The button that turns this browser's notifications on or off. Asks for the browser's permission only
 * when pressed; subscribes through the site's service worker with the server's VAPID public key and saves
 * the subscription for the athlete. Off forgets it on the server first, then in the browser.
 */
export function PushNotificationsToggle({
  publicKey,
  savedEndpoints,
}: {
  publicKey: string | null;
  savedEndpoints: string[];
}) {
  const hydrated = useHydrated();
  const [state, setState] = useState<State>("checking");
  const [busy, setBusy] = useState(false);
  const [thisEndpoint, setThisEndpoint] = useState<string | null>(null);

  useEffect(() => {
    const check = async (): Promise<State> => {
      if (!publicKey) return "unavailable";
      if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
        return isAppleMobile() ? "install" : "unsupported";
      }
      if (Notification.permission === "denied") return "blocked";
      const subscription = await currentSubscription();
      setThisEndpoint(subscription?.endpoint ?? null);
      return subscription &&
        Notification.permission === "granted" &&
        savedEndpoints.includes(subscription.endpoint)
        ? "on"
        : "off";
    };
    check().then(setState, () => setState("unsupported"));
  }, [publicKey, savedEndpoints]);

  const turnOn = async () => {
    if (!publicKey) return;
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? "blocked" : "off");
        toastError(
          permission === "denied"
            ? "Notifications are blocked for this site. Allow them in your browser's site settings."
            : "Notifications were not allowed. Press the button again to be asked again.",
        );
        return;
      }
      await navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" });
      const registration = await navigator.serviceWorker.ready;
      let subscription = await registration.pushManager.getSubscription();
      // Made for other keys (the site's changed): replaced, or the push service would refuse our pushes.
      if (subscription && !sameKey(subscription.options.applicationServerKey, publicKey)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      const subscribe = () =>
        registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: bytesFromBase64Url(publicKey),
        });
      subscription ??= await subscribe();
      let result = await turnOnPushAction(subscription.toJSON());
      // Still another account's (set up here while someone else was signed in): a device is never moved
      // between accounts, so this browser leaves that subscription and gets a fresh endpoint for this one.
      if (!result.ok && result.code === "TAKEN") {
        await subscription.unsubscribe();
        subscription = await subscribe();
        result = await turnOnPushAction(subscription.toJSON());
      }
      if (result.ok) {
        setThisEndpoint(subscription.endpoint);
        setState("on");
        toastSuccess(result.message);
      } else toastError(result.error ?? "Could not turn on notifications. Please try again.");
    } catch {
      toastError("Could not turn on notifications in this browser. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        const result = await turnOffPushAction(subscription.endpoint);
        if (!result.ok) {
          toastError(result.error ?? "Could not turn off notifications. Please try again.");
          return;
        }
        await subscription.unsubscribe().catch(() => undefined);
      }
      setState("off");
      toastSuccess("Notifications are off for this device.");
    } catch {
      toastError("Could not turn off notifications. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  const others = savedEndpoints.filter((endpoint) => endpoint !== thisEndpoint).length;
  const canToggle = state === "on" || state === "off";
  return (
    <div className="space-y-3">
      {explain[state] ? <p className="text-slate-700">{explain[state]}</p> : null}
      <div className="flex flex-wrap items-center gap-4">
        {canToggle || state === "checking" ? (
          <Button
            variant={state === "on" ? "secondary" : "primary"}
            onClick={state === "on" ? turnOff : turnOn}
            disabled={!hydrated || busy || state === "checking"}
            aria-disabled={!hydrated || busy || state === "checking"}
          >
            {state === "on" ? "Turn off on this device" : "Turn on notifications"}
          </Button>
        ) : null}
        <p role="status" className="text-sm text-slate-700">
          {busy ? "One moment..." : (status[state] ?? "")}
        </p>
      </div>
      {others > 0 ? (
        <p className="text-sm text-slate-700">
          Also on {others === 1 ? "1 other device" : `${others} other devices`} of yours.
        </p>
      ) : null}
    </div>
  );
}

/**
 * Signing out stops this browser's notifications for the account: its subscription is forgotten on the
 * server and in the browser. Best effort and brief: sign-out never waits more than `waitMs` for it (a
 * device the server still has stays that account's: the next athlete to turn notifications on here gets a
 * fresh endpoint, and the old one is removed when its push service answers 404/410).
 */
export async function forgetThisDevice(waitMs = 3000): Promise<void> {
  const forget = async () => {
    if (!("serviceWorker" in navigator)) return;
    const registration = await navigator.serviceWorker.getRegistration("/");
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    const { turnOffPushAction } = await import("@/lib/actions/push-subscriptions");
    await turnOffPushAction(subscription.endpoint);
    await subscription.unsubscribe();
  };
  await Promise.race([
    forget().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, waitMs)),
  ]);
}

/**
 * What a request refused by load shedding is told (docs/performance.md#shedding). Shared by the proxy's
 * answer and the clients that recognise it: Next's client turns a failed action's text/plain body into
 * the error's message, so the message composer can tell "busy" from any other failure.
 */
export const busyText = "Busy — try again in a few seconds.";

export const isBusyError = (error: unknown): boolean => error instanceof Error && error.message === busyText;

import { describe, expect, it, vi } from "vitest";
import { isToasterWanted, requestToaster, subscribeToToaster } from "./toaster-signal";

describe("toaster signal", () => {
  it("is off until the first toast asks for the Toaster, then tells each subscriber once", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToToaster(listener);
    expect(isToasterWanted()).toBe(false);

    requestToaster();
    requestToaster();
    expect(isToasterWanted()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);

    unsubscribe();
    const late = vi.fn();
    subscribeToToaster(late);
    requestToaster();
    expect(late).not.toHaveBeenCalled();
  });
});

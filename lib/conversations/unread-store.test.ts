import { describe, expect, it, vi } from "vitest";
import { publishUnread, subscribeUnread, unreadCount } from "./unread-store";

describe("unread store", () => {
  it("starts at 0 and tells subscribers about changes only", () => {
    expect(unreadCount()).toBe(0);
    const listener = vi.fn();
    const off = subscribeUnread(listener);
    publishUnread(3);
    publishUnread(3);
    expect(unreadCount()).toBe(3);
    expect(listener).toHaveBeenCalledTimes(1);
    off();
    publishUnread(0);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(unreadCount()).toBe(0);
  });
});

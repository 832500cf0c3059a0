import { describe, expect, it, vi } from "vitest";
import { showServerFieldErrors, submitAction } from "./action-result";

describe("submitAction", () => {
  it("passes the action's own result through, success or failure", async () => {
    await expect(submitAction(async () => ({ ok: true as const, id: "t1" }), "Failed.")).resolves.toEqual({
      ok: true,
      id: "t1",
    });
    const refused = { ok: false as const, error: "Team is full", fieldErrors: { role: "Taken" } };
    await expect(submitAction(async () => refused, "Failed.")).resolves.toBe(refused);
  });

  it("turns a thrown error (a lost connection, a server bug) into the form's failure message", async () => {
    await expect(
      submitAction(() => Promise.reject(new TypeError("Failed to fetch")), "Failed to create team."),
    ).resolves.toEqual({ ok: false, error: "Failed to create team." });
  });
});

describe("showServerFieldErrors", () => {
  it("puts each message on its field, focused, and a whole-form message on root.server", () => {
    const setError = vi.fn();
    showServerFieldErrors(
      { name: "Too short", "requirements.swimmer": "Pick one", form: "Already exists" },
      setError,
    );
    expect(setError.mock.calls).toEqual([
      ["name", { type: "server", message: "Too short" }, { shouldFocus: true }],
      ["requirements.swimmer", { type: "server", message: "Pick one" }, { shouldFocus: true }],
      ["root.server", { message: "Already exists" }],
    ]);
  });

  it("does nothing without field messages", () => {
    const setError = vi.fn();
    showServerFieldErrors(undefined, setError);
    expect(setError).not.toHaveBeenCalled();
  });
});

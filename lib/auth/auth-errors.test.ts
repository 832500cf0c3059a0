import { describe, expect, it } from "vitest";
import { authErrorMessage, authErrorText, isAuthUnavailable, isEmailTooSoon } from "./auth-errors.ts";

describe("authErrorMessage", () => {
  it("gives one sign-in message whether the account exists or not", () => {
    const wrongPassword = authErrorMessage({ code: "invalid_credentials", status: 400 }, "sign_in");
    const unknownUser = authErrorMessage(
      { code: "user_not_found", status: 400, message: "User not found" },
      "sign_in",
    );
    expect(wrongPassword).toBe(authErrorText.invalidCredentials);
    expect(unknownUser).toBe(wrongPassword);
  });

  it("maps rate limits", () => {
    expect(authErrorMessage({ code: "over_request_rate_limit", status: 429 }, "sign_in")).toBe(
      authErrorText.tooManyAttempts,
    );
    expect(authErrorMessage({ code: "over_email_send_rate_limit", status: 429 }, "email_link")).toBe(
      authErrorText.tooManyEmails,
    );
    expect(authErrorMessage({ status: 429 }, "sign_up")).toBe(authErrorText.tooManyAttempts);
    // The site-wide e-mail limit, on the sign-up screen too.
    expect(
      authErrorMessage(
        { code: "over_email_send_rate_limit", status: 429, message: "email rate limit exceeded" },
        "sign_up",
      ),
    ).toBe(authErrorText.tooManyEmails);
  });

  it("says how long to wait when one address asks for e-mails too often", () => {
    const tooSoon = {
      code: "over_email_send_rate_limit",
      status: 429,
      message: "For security purposes, you can only request this after 42 seconds.",
    };
    const text = "We just sent an email to this address. Please wait 42 seconds before asking for another.";
    expect(authErrorMessage(tooSoon, "email_link")).toBe(text);
    expect(authErrorMessage(tooSoon, "sign_up")).toBe(text);
    expect(authErrorMessage({ ...tooSoon, message: "…after 1 second." }, "email_link")).toContain(
      "1 second ",
    );
    expect(isEmailTooSoon(tooSoon)).toBe(true);
    expect(isEmailTooSoon({ ...tooSoon, message: "email rate limit exceeded" })).toBe(false);
    expect(isEmailTooSoon(null)).toBe(false);
  });

  it("hides the reason a sign-up failed", () => {
    expect(
      authErrorMessage(
        { code: "user_already_exists", status: 422, message: "User already registered" },
        "sign_up",
      ),
    ).toBe(authErrorText.signUpFailed);
  });

  it("explains expired links and codes", () => {
    expect(authErrorMessage({ code: "otp_expired", status: 403 }, "email_link")).toBe(
      authErrorText.linkInvalid,
    );
    expect(authErrorMessage({ code: "otp_expired", status: 403 }, "verify")).toBe(authErrorText.codeInvalid);
  });

  it("passes on the server's text for password updates", () => {
    expect(
      authErrorMessage(
        { code: "weak_password", status: 422, message: "Password should be at least 6 characters." },
        "update_password",
      ),
    ).toBe("Password should be at least 6 characters.");
    expect(authErrorMessage({ message: "Auth session missing!" }, "update_password")).toBe(
      authErrorText.sessionMissing,
    );
    expect(authErrorMessage({}, "update_password")).toBe("Failed to update password.");
  });

  it("says plainly when Auth is not answering, in every flow, never as wrong credentials", () => {
    const down = { name: "AuthRetryableFetchError", status: 503, message: "Service Unavailable" };
    const timedOut = { name: "AuthRetryableFetchError", status: 0, message: "The operation timed out" };
    for (const flow of ["sign_in", "sign_up", "email_link", "verify", "update_password"] as const) {
      expect(authErrorMessage(down, flow)).toBe(authErrorText.unavailable);
      expect(authErrorMessage(timedOut, flow)).toBe(authErrorText.unavailable);
    }
    expect(isAuthUnavailable({ status: 502 })).toBe(true);
    expect(isAuthUnavailable({ status: 400, code: "invalid_credentials" })).toBe(false);
    expect(authErrorMessage({ status: 400, code: "invalid_credentials" }, "sign_in")).toBe(
      authErrorText.invalidCredentials,
    );
  });
});

/** What a person sees for an Auth error. Raw server text is shown only where it is known to be safe. */
export type AuthFlow = "sign_in" | "sign_up" | "email_link" | "verify" | "update_password";

type AuthErrorLike = {
  code?: string | undefined;
  status?: number | undefined;
  message?: string | undefined;
  name?: string | undefined;
};

export const authErrorText = {
  invalidCredentials: "Invalid email or password",
  emailNotConfirmed:
    "Please confirm your email address first: use the link we sent you, or sign in with a magic link.",
  tooManyAttempts: "Too many attempts. Please try again later.",
  tooManyEmails: "Too many emails sent. Please wait a few minutes before trying again.",
  signUpFailed:
    "We couldn't create an account with that email. If you already have one, sign in or reset your password.",
  linkInvalid: "This link is invalid or has expired. Please request a new one.",
  codeInvalid: "That code is invalid or has expired. Please request a new one.",
  samePassword: "New password should be different from the old password.",
  sessionMissing: "Your session has expired. Please request a new password reset link.",
  unexpected: "Something went wrong. Please try again.",
  unavailable: "We can't reach our sign-in service right now. Please try again in a few minutes.",
  invalidConfirmLink: "Invalid confirmation link. Please try again.",
  verificationFailed: "Verification failed. Please try again.",
  providerCancelled: "Sign-in was cancelled. Choose how you'd like to continue.",
  providerUnverified:
    "That account's email address isn't verified yet. Verify it with the provider, or sign up with your email below.",
  providerFailed: "We couldn't sign you in that way. Please try again, or use your email.",
} as const;

/** Why a "Continue with …" round trip came back without a session, from Auth's error_code/error. */
export function providerErrorText(code: string | null | undefined): string | null {
  if (!code) return null;
  if (code === "provider_email_needs_verification") return authErrorText.providerUnverified;
  if (code === "access_denied") return authErrorText.providerCancelled;
  return authErrorText.providerFailed;
}

/** Auth's per-address interval (max_frequency): a mail to this address went out moments ago. */
export function isEmailTooSoon(error: AuthErrorLike | null): boolean {
  return error?.code === "over_email_send_rate_limit" && /after \d+ seconds?/.test(error.message ?? "");
}

export function emailTooSoon(seconds: number): string {
  return `We just sent an email to this address. Please wait ${seconds} ${seconds === 1 ? "second" : "seconds"} before asking for another.`;
}

/**
 * Auth did not answer (down, a gateway 5xx, a timeout or no network): supabase-js reports it as
 * AuthRetryableFetchError. Not the person's fault, so never "Invalid email or password", never counted.
 */
export function isAuthUnavailable(error: AuthErrorLike | null): boolean {
  if (!error) return false;
  return error.name === "AuthRetryableFetchError" || (error.status ?? 0) >= 500;
}

export function authErrorMessage(error: AuthErrorLike, flow: AuthFlow): string {
  if (isAuthUnavailable(error)) return authErrorText.unavailable;
  const code = error.code ?? "";
  if (error.status === 429 || code.startsWith("over_")) {
    if (code !== "over_email_send_rate_limit") return authErrorText.tooManyAttempts;
    // One address asked again within Auth's per-address interval (max_frequency, 60 s): say how long.
    const wait = /after (\d+) seconds?/.exec(error.message ?? "")?.[1];
    return wait ? emailTooSoon(Number(wait)) : authErrorText.tooManyEmails;
  }
  switch (code) {
    // GoTrue returns this only after the password matched, so it tells nothing to someone without it.
    case "email_not_confirmed":
      return authErrorText.emailNotConfirmed;
    case "weak_password":
      return error.message || "Password is too weak.";
    case "same_password":
      return authErrorText.samePassword;
    case "session_not_found":
    case "session_expired":
    case "refresh_token_not_found":
      return authErrorText.sessionMissing;
    case "otp_expired":
    case "flow_state_not_found":
    case "flow_state_expired":
    case "bad_code_verifier":
    case "pkce_code_verifier_not_found":
      return flow === "verify" ? authErrorText.codeInvalid : authErrorText.linkInvalid;
  }
  if (error.message === "Auth session missing!") return authErrorText.sessionMissing;
  switch (flow) {
    // Never say whether the account exists: every other failure reads the same.
    case "sign_in":
      return authErrorText.invalidCredentials;
    case "sign_up":
      return authErrorText.signUpFailed;
    case "verify":
      return authErrorText.codeInvalid;
    case "update_password":
      return error.message || "Failed to update password.";
    default:
      return error.message || authErrorText.unexpected;
  }
}

import { describe, expect, it } from "vitest";
import {
  authEmailPattern,
  authMessages,
  confirmSchema,
  emailOnlySchema,
  signInSchema,
  signUpSchema,
  updatePasswordSchema,
  verifyOtpSchema,
} from "./auth.ts";

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("sign-in schema", () => {
  it("accepts and normalises a valid e-mail", () => {
    const result = signInSchema.safeParse({ email: "  Mia@Example.COM ", password: "x" });
    expect(result.success && result.data).toEqual({ email: "mia@example.com", password: "x" });
  });

  it("says what is missing", () => {
    expect(messages(signInSchema.safeParse({ email: "", password: "" }))).toEqual({
      email: authMessages.emailRequired,
      password: authMessages.passwordRequired,
    });
    expect(messages(signInSchema.safeParse({}))).toEqual({
      email: authMessages.emailRequired,
      password: authMessages.passwordRequired,
    });
  });

  it.each(["mia", "mia@", "@example.com", "mia example.com", "mia@example"])(
    "rejects the malformed e-mail %j",
    (email) => {
      expect(messages(signInSchema.safeParse({ email, password: "secret1" }))).toEqual({
        email: authMessages.emailInvalid,
      });
    },
  );
});

// Addresses Supabase Auth refuses with 400 validation_failed: the forms refuse them first, with the
// same message as any malformed address, on sign-up, magic link and password reset alike.
const label64 = "a".repeat(64);
const refusedByAuth = [
  "xx:;x@x.x",
  "a@b-.com",
  "a@-b.com",
  `a@${label64}.com`,
  `a@example.${label64}`,
  "mia smith@example.com",
  "mia@exa_mple.com",
  "mia(x)@example.com",
  "\u00e9lodie@example.com",
  "mia@ex\u00e4mple.com",
];
const acceptedByAuth = [
  "mia@example.com",
  "o'brien+relay@noosa-tri.com.au",
  "first.last@sub.example.org",
  `a@${"a".repeat(63)}.com`,
];

describe("e-mail rule shared by the sign-up, magic-link and reset forms", () => {
  it.each(refusedByAuth)("refuses %j, as Supabase Auth would", (email) => {
    for (const result of [
      signUpSchema.safeParse({ email, password: "secret1" }),
      emailOnlySchema.safeParse({ email }),
    ]) {
      expect(messages(result)).toEqual(expect.objectContaining({ email: authMessages.emailInvalid }));
    }
  });

  it.each(acceptedByAuth)("accepts %j", (email) => {
    expect(signUpSchema.safeParse({ email, password: "secret1" }).success).toBe(true);
    expect(emailOnlySchema.safeParse({ email }).success).toBe(true);
  });

  it("agrees with Auth's pattern on every address above", () => {
    for (const email of refusedByAuth) expect(authEmailPattern.test(email), email).toBe(false);
    for (const email of [...acceptedByAuth, "x!#$%&*/=?^_`{|}~-@example.co", "mia@localhost"])
      expect(authEmailPattern.test(email), email).toBe(true);
  });
});

describe("sign-up schema", () => {
  it("needs at least 6 characters", () => {
    expect(messages(signUpSchema.safeParse({ email: "a@b.co", password: "12345" }))).toEqual({
      password: authMessages.passwordTooShort,
    });
    expect(signUpSchema.safeParse({ email: "a@b.co", password: "123456" }).success).toBe(true);
  });

  it("reports an empty password as required, not as short", () => {
    expect(messages(signUpSchema.safeParse({ email: "a@b.co", password: "" })).password).toBe(
      authMessages.passwordRequired,
    );
  });

  it("refuses passwords bcrypt would truncate", () => {
    expect(signUpSchema.safeParse({ email: "a@b.co", password: "x".repeat(73) }).success).toBe(false);
  });
});

describe("update-password schema", () => {
  it("requires both fields", () => {
    expect(messages(updatePasswordSchema.safeParse({ password: "", confirmPassword: "" }))).toEqual({
      password: authMessages.passwordRequired,
      confirmPassword: authMessages.confirmRequired,
    });
  });

  it("rejects a mismatch on the confirmation field", () => {
    expect(
      messages(updatePasswordSchema.safeParse({ password: "new-pass-1", confirmPassword: "new-pass-2" })),
    ).toEqual({
      confirmPassword: authMessages.passwordsDiffer,
    });
  });

  it("rejects a short password", () => {
    expect(messages(updatePasswordSchema.safeParse({ password: "abc", confirmPassword: "abc" }))).toEqual({
      password: authMessages.passwordTooShort,
    });
  });

  it("accepts matching passwords", () => {
    expect(
      updatePasswordSchema.safeParse({ password: "new-pass-1", confirmPassword: "new-pass-1" }).success,
    ).toBe(true);
  });
});

describe("other auth schemas", () => {
  it("magic link and reset need only a valid e-mail", () => {
    expect(emailOnlySchema.safeParse({ email: "a@b.co" }).success).toBe(true);
    expect(messages(emailOnlySchema.safeParse({ email: "" }))).toEqual({ email: authMessages.emailRequired });
  });

  it("one-time codes are exactly six digits", () => {
    expect(verifyOtpSchema.safeParse({ email: "a@b.co", token: " 123456 " }).success).toBe(true);
    for (const token of ["12345", "1234567", "12a456", ""]) {
      expect(messages(verifyOtpSchema.safeParse({ email: "a@b.co", token }))).toEqual({
        token: authMessages.codeInvalid,
      });
    }
  });

  it("confirmation links need token_hash and a known type, or a code", () => {
    expect(confirmSchema.safeParse({ token_hash: "pkce_abc", type: "email" }).success).toBe(true);
    expect(confirmSchema.safeParse({ token_hash: "abc", type: "recovery" }).success).toBe(true);
    expect(confirmSchema.safeParse({ code: "abc" }).success).toBe(true);
    expect(confirmSchema.safeParse({ token_hash: "abc" }).success).toBe(false);
    expect(confirmSchema.safeParse({ type: "email" }).success).toBe(false);
    expect(confirmSchema.safeParse({ token_hash: "abc", type: "sms" }).success).toBe(false);
  });
});

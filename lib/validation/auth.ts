import { z } from "zod";
import "./csp-safe-zod";

/** The shortest password Auth accepts (docs/product.md#limits; also Supabase's default minimum). */
export const PASSWORD_MIN_LENGTH = 6;

export const authMessages = {
  emailRequired: "Email is required",
  emailInvalid: "Enter a valid email address",
  passwordRequired: "Password is required",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  confirmRequired: "Please confirm your password",
  passwordsDiffer: "Passwords do not match",
  codeInvalid: "Enter the 6-digit code from your email",
} as const;

/**
 * Supabase Auth's own rule for an address (GoTrue checks it with this pattern and answers 400
 * validation_failed otherwise): ASCII only, no ':' or ';' before the '@', and domain labels of 1 to 63
 * letters, digits or inner hyphens. The forms refuse what it refuses before calling Auth, on top of zod's
 * e-mail check (which also wants a dot and a top-level domain).
 */
export const authEmailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

const email = z
  .string({ error: authMessages.emailRequired })
  .trim()
  .min(1, { error: authMessages.emailRequired, abort: true })
  .max(254, { error: authMessages.emailInvalid, abort: true })
  .pipe(
    z
      .email({ error: authMessages.emailInvalid, abort: true })
      .regex(authEmailPattern, authMessages.emailInvalid),
  )
  .transform((value) => value.toLowerCase());

// Sign-in only checks presence: the minimum may have been different when the account was made.
const existingPassword = z
  .string({ error: authMessages.passwordRequired })
  .min(1, authMessages.passwordRequired)
  .max(72, "Password must be at most 72 characters");

const newPassword = z
  .string({ error: authMessages.passwordRequired })
  // abort: an empty field is "required", not also "too short".
  .min(1, { error: authMessages.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort)
  // bcrypt, which GoTrue uses, ignores everything after 72 bytes.
  .max(72, "Password must be at most 72 characters");

export const signInSchema = z.object({ email, password: existingPassword });
export const signUpSchema = z.object({ email, password: newPassword });
export const emailOnlySchema = z.object({ email });
export const verifyOtpSchema = z.object({
  email,
  token: z
    .string({ error: authMessages.codeInvalid })
    .trim()
    .regex(/^\d{6}$/, authMessages.codeInvalid),
});

export const updatePasswordSchema = z
  .object({
    password: newPassword,
    confirmPassword: z.string({ error: authMessages.confirmRequired }).min(1, authMessages.confirmRequired),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ["confirmPassword"],
    message: authMessages.passwordsDiffer,
  });

/** The two kinds of e-mail link /auth/confirm understands (docs/product.md#auth; protocol A.3 `EmailOtpType`). */
export const emailOtpTypes = ["email", "signup", "magiclink", "recovery", "invite", "email_change"] as const;
export const confirmSchema = z.union([
  z.object({ token_hash: z.string().min(1).max(512), type: z.enum(emailOtpTypes) }),
  z.object({ code: z.string().min(1).max(512) }),
]);

export type SignInInput = z.input<typeof signInSchema>;
export type SignUpInput = z.input<typeof signUpSchema>;
export type EmailOnlyInput = z.input<typeof emailOnlySchema>;
export type VerifyOtpInput = z.input<typeof verifyOtpSchema>;
export type UpdatePasswordInput = z.input<typeof updatePasswordSchema>;

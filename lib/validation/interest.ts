import { z } from "zod";
import "./csp-safe-zod";
import { specialties } from "./profile";
import { safeText } from "./text";

/**
 * The register-interest form (/register-interest). The CHECKs of public.interest_registrations
 * and private.interest_requests (both in supabase/migrations/*_notifications.sql)
 * mirror these limits.
 */
export const interestSchema = z.object({
  name: safeText("Name", {
    min: 2,
    max: 100,
    tooShort: "Name must be at least 2 characters",
    tooLong: "Name must be less than 100 characters",
  }),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, "Email must be less than 254 characters")
    .pipe(z.email("Please enter a valid email address")),
  specialty: z.enum(specialties, "Please choose your specialty"),
});

export type InterestInput = z.infer<typeof interestSchema>;

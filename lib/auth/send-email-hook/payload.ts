import { z } from "zod";

/**
 * What Supabase Auth POSTs to the Send Email Hook (GoTrue's SendEmailInput): the user as Auth's user
 * object, and `email_data`. Only the fields the e-mails need are read; the rest pass unchecked.
 *
 * For an e-mail change with secure change on, GoTrue fills the fields crosswise (a known quirk it keeps
 * for compatibility): `token` and `token_hash_new` belong to the current address (user.email), `token_new`
 * and `token_hash` to the new one (user.new_email). With secure change off, `token` and `token_hash`
 * belong to the new address and the `_new` fields are empty.
 */
export const sendEmailPayload = z.object({
  user: z.object({
    id: z.string(),
    email: z.string().default(""),
    new_email: z.string().optional(),
  }),
  email_data: z.object({
    token: z.string().default(""),
    token_hash: z.string().default(""),
    redirect_to: z.string().default(""),
    email_action_type: z.string(),
    site_url: z.string().default(""),
    token_new: z.string().default(""),
    token_hash_new: z.string().default(""),
  }),
});

export type SendEmailPayload = z.infer<typeof sendEmailPayload>;

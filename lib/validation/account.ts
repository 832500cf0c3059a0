import { z } from "zod";
import "./csp-safe-zod";

/** The word typed to confirm Settings → Delete my account (a typed confirmation, not one click). */
export const deleteConfirmWord = "DELETE";

export const deleteAccountSchema = z.object({
  confirm: z
    .string()
    .trim()
    .refine((value) => value === deleteConfirmWord, `Type ${deleteConfirmWord} in capitals to confirm`),
});

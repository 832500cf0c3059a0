import type { SqlErrorRule } from "@/lib/server-action/sql-errors";
import { hiddenProfileMessage } from "@/lib/moderation/suspension";

/**
 * How the profile forms read a refused write: a username someone has (the unique index), and making a
 * profile a moderator hid public again (a trigger, detail PROFILE_HIDDEN). Both under their field.
 */
export const profileErrors = (failure: string): SqlErrorRule[] => [
  {
    when: { code: "23505", constraint_name: "profiles_username_lower_key" },
    fail: { error: failure, fieldErrors: { username: "That username is already taken" } },
  },
  {
    when: { detail: "PROFILE_HIDDEN" },
    fail: { error: failure, fieldErrors: { is_public: hiddenProfileMessage } },
  },
];

/**
 * Shown where the name of an athlete who deleted their account was: the conversation's other side keeps
 * its own messages, and this instead of the name (docs/security.md#your-data).
 */
export const deletedAthleteName = "Deleted athlete";

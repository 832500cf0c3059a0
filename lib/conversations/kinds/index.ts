import type { ConversationKind } from "../kind";
import { directKind } from "./direct";
import { sessionKind } from "./session";
import { teamKind } from "./team";

const byName = { direct: directKind, team: teamKind, session: sessionKind };

/** A kind by its name, typed for code that treats every kind's messages alike (the inbox, the toasts). */
export const kindOf = (name: keyof typeof byName) => byName[name] as unknown as ConversationKind;

/** Every kind of conversation: the live inbox follows each of them on one channel. */
export const kinds = (Object.keys(byName) as (keyof typeof byName)[]).map(kindOf);
export { directKind, sessionKind, teamKind };

/**
 * Broadcast and Presence: what channel members on one topic say to each other, without the database.
 * As the Realtime server does: a broadcast goes to every other member of the topic (and to the sender with
 * `broadcast.self`); presence is tracked per joined channel under its `presence.key` and reaches members
 * that enabled presence as `presence_state` (on join) and `presence_diff` (`joins` / `leaves`). On a
 * private channel a member hears broadcasts and presence only with read permission (authorization.ts).
 */
import { randomUUID } from "node:crypto";

export type Meta = Record<string, unknown> & { phx_ref: string; phx_ref_prev?: string };
export type PresenceMap = Record<string, { metas: Meta[] }>;

/** A user broadcast: `encoding` 1 = JSON, 0 = binary (only in vsn 2.0.0 binary frames). */
export type UserBroadcast = { event: string; encoding: 0 | 1; payload: Buffer; metadata: string };

export type Member = {
  /** The topic, and whether the channel is private: a private and a public channel of one name never meet. */
  room: string;
  presenceKey: string;
  presenceEnabled: boolean;
  broadcastSelf: boolean;
  /** Read permissions (always true on a public channel). */
  hears: { broadcast: boolean; presence: boolean };
  meta: Meta | null;
  sendPresenceDiff(diff: { joins: PresenceMap; leaves: PresenceMap }): void;
  sendBroadcast(message: UserBroadcast): void;
};

let refCounter = 0;
/** Phoenix presence refs are opaque strings, unique per track. */
const nextRef = () => `${Date.now().toString(36)}${(++refCounter).toString(36)}`;

/** The key a member is tracked under: `presence.key` from its join, else a random one (as the server). */
export const presenceKeyOf = (key: unknown) => (typeof key === "string" && key !== "" ? key : randomUUID());

export class Rooms {
  private readonly topics = new Map<string, Set<Member>>();

  join(member: Member): void {
    const set = this.topics.get(member.room) ?? new Set();
    set.add(member);
    this.topics.set(member.room, set);
  }

  /** A member leaves (phx_leave, rejoin, socket closed): its presence goes with it. */
  leave(member: Member): void {
    this.untrack(member);
    const set = this.topics.get(member.room);
    set?.delete(member);
    if (set?.size === 0) this.topics.delete(member.room);
  }

  /** Everyone tracked in the room, grouped by key. */
  state(room: string): PresenceMap {
    const out: PresenceMap = {};
    for (const m of this.topics.get(room) ?? []) {
      if (m.meta) (out[m.presenceKey] ??= { metas: [] }).metas.push(m.meta);
    }
    return out;
  }

  /** Tracks (or re-tracks, replacing the previous meta) a member's presence payload. */
  track(member: Member, payload: Record<string, unknown>): void {
    const previous = member.meta;
    const meta: Meta = { ...payload, phx_ref: nextRef() };
    if (previous) meta.phx_ref_prev = previous.phx_ref;
    member.meta = meta;
    this.diff(member.room, {
      joins: { [member.presenceKey]: { metas: [meta] } },
      leaves: previous ? { [member.presenceKey]: { metas: [previous] } } : {},
    });
  }

  untrack(member: Member): void {
    const previous = member.meta;
    if (!previous) return;
    member.meta = null;
    this.diff(member.room, { joins: {}, leaves: { [member.presenceKey]: { metas: [previous] } } });
  }

  broadcast(from: Member, message: UserBroadcast): void {
    for (const m of this.topics.get(from.room) ?? []) {
      if ((m !== from || from.broadcastSelf) && m.hears.broadcast) m.sendBroadcast(message);
    }
  }

  private diff(room: string, diff: { joins: PresenceMap; leaves: PresenceMap }): void {
    for (const m of this.topics.get(room) ?? [])
      if (m.presenceEnabled && m.hears.presence) m.sendPresenceDiff(diff);
  }
}

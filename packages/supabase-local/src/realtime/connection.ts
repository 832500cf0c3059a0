import type { WebSocket } from "ws";
import type postgres from "postgres";
import type { RealtimeClaims } from "./claims.ts";
import { decode, encode, encodeWithPayloadJson, type PhxMessage, type Vsn } from "./serializer.ts";
import { parseBindings, type Binding } from "./bindings.ts";
import { expiredMessage, resolveToken } from "./token.ts";
import type { Hub, Subscription } from "./hub.ts";
import { checkTables } from "./tables.ts";
import { decodeBroadcastPush, encodeUserBroadcast } from "./binary.ts";
import { presenceKeyOf, type Member, type Rooms, type UserBroadcast } from "./rooms.ts";
import { channelPermissions, type Permissions } from "./authorization.ts";

/** The `system` event realtime-js hands to `.on("system", …)` listeners. */
function system(topic: string, extension: string, status: "ok" | "error", message: string): PhxMessage {
  const channel = topic.slice("realtime:".length);
  return {
    joinRef: null,
    ref: null,
    topic,
    event: "system",
    payload: { channel, extension, message, status },
  };
}

type Channel = Subscription & {
  joinRef: string | null;
  expiry: NodeJS.Timeout | null;
  member: Member;
  broadcastAck: boolean;
  /** Realtime Authorization of a private channel; null on a public one (everything allowed). */
  permissions: Permissions | null;
};

const subtopic = (topic: string) => topic.slice("realtime:".length);
const noRead = (topic: string) =>
  `Unauthorized: You do not have permissions to read from this Channel topic: ${subtopic(topic)}`;
const noWrite = (topic: string) =>
  `Unauthorized: You do not have permissions to write to this Channel topic: ${subtopic(topic)}`;
const mayJoin = (p: Permissions | null) =>
  !p || p.read.broadcast || p.read.presence || p.write.broadcast || p.write.presence;

export type ConnectionDeps = {
  hub: Hub;
  rooms: Rooms;
  sql: postgres.Sql;
  verifyToken: (jwt: string) => Promise<RealtimeClaims | null>;
  log: (line: string) => void;
};

// Same default as Supabase's max_channels_per_client.
const MAX_CHANNELS = 100;
const MAX_TIMER_MS = 2 ** 31 - 1;

/** One WebSocket: Phoenix protocol state, its joined channels, and their subscriptions in the hub. */
export class Connection {
  private readonly channels = new Map<string, Channel>();
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly ws: WebSocket;
  private readonly vsn: Vsn;
  private readonly deps: ConnectionDeps;

  constructor(ws: WebSocket, vsn: Vsn, deps: ConnectionDeps) {
    this.ws = ws;
    this.vsn = vsn;
    this.deps = deps;
    ws.on("message", (data, isBinary) => {
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer);
      // Messages are handled strictly in order, as one Phoenix socket process would. Binary frames are
      // user broadcasts (realtime-js vsn 2.0.0).
      this.queue = this.queue
        .then(() => (isBinary ? this.handleBinary(bytes) : this.handle(bytes.toString("utf8"))))
        .catch((error: unknown) => {
          this.deps.log(`realtime: message failed: ${(error as Error).message}`);
        });
    });
    ws.on("close", () => this.cleanup());
    ws.on("error", () => this.cleanup());
  }

  private send(message: PhxMessage): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(encode(message, this.vsn));
  }

  private reply(msg: PhxMessage, status: "ok" | "error", response: Record<string, unknown>): void {
    if (msg.ref === null) return;
    this.send({
      joinRef: msg.joinRef,
      ref: msg.ref,
      topic: msg.topic,
      event: "phx_reply",
      payload: { status, response },
    });
  }

  private async handle(text: string): Promise<void> {
    const decoded = decode(text, this.vsn);
    if (!decoded.ok) {
      // Phoenix drops undecodable frames too; say so only when asked (LOCAL_REALTIME_DEBUG=1).
      if (process.env.LOCAL_REALTIME_DEBUG) this.deps.log(`realtime: ignored frame (${decoded.reason})`);
      return;
    }
    const msg = decoded.message;
    if (msg.topic === "phoenix") {
      if (msg.event === "heartbeat") this.reply(msg, "ok", {});
      else this.reply(msg, "error", { reason: "unmatched topic" });
      return;
    }
    if (msg.event === "phx_join") return this.join(msg);
    const channel = this.channels.get(msg.topic);
    if (!channel) return this.reply(msg, "error", { reason: "unmatched topic" });
    if (msg.event === "phx_leave") {
      this.remove(channel);
      return this.reply(msg, "ok", {});
    }
    if (msg.event === "access_token") return this.updateToken(channel, msg);
    if (msg.event === "presence") return this.presence(channel, msg);
    if (
      msg.event === "broadcast" &&
      msg.payload.type === "broadcast" &&
      typeof msg.payload.event === "string"
    ) {
      if (channel.permissions && !channel.permissions.write.broadcast) {
        if (channel.broadcastAck) this.reply(msg, "error", { reason: noWrite(channel.topic) });
        return;
      }
      const payload = Buffer.from(JSON.stringify(msg.payload.payload ?? {}), "utf8");
      this.deps.rooms.broadcast(channel.member, {
        event: msg.payload.event,
        encoding: 1,
        payload,
        metadata: "",
      });
      if (channel.broadcastAck) this.reply(msg, "ok", {});
      return;
    }
    this.reply(msg, "error", {
      reason: `event "${msg.event}" is not supported by the local Realtime stand-in`,
    });
  }

  /** A kind-3 binary broadcast push from a joined channel; anything else is dropped as Phoenix would. */
  private async handleBinary(frame: Buffer): Promise<void> {
    const push = decodeBroadcastPush(frame);
    const channel = push && this.channels.get(push.topic);
    if (!push || !channel || (push.joinRef !== null && push.joinRef !== channel.joinRef)) {
      if (process.env.LOCAL_REALTIME_DEBUG) this.deps.log("realtime: ignored binary frame");
      return;
    }
    const { event, encoding, payload, metadata } = push;
    const allowed = !channel.permissions || channel.permissions.write.broadcast;
    if (allowed) this.deps.rooms.broadcast(channel.member, { event, encoding, payload, metadata });
    if (channel.broadcastAck && push.ref !== null) {
      this.send({
        joinRef: push.joinRef,
        ref: push.ref,
        topic: push.topic,
        event: "phx_reply",
        payload: allowed
          ? { status: "ok", response: {} }
          : { status: "error", response: { reason: noWrite(channel.topic) } },
      });
    }
  }

  /** `track` / `untrack` of the channel's presence (realtime-js `channel.track()` / `untrack()`). */
  private presence(channel: Channel, msg: PhxMessage): void {
    const { type, event, payload } = msg.payload;
    if (type === "presence" && event === "track") {
      if (channel.permissions && !channel.permissions.write.presence) {
        return this.reply(msg, "error", { reason: noWrite(channel.topic) });
      }
      const meta = typeof payload === "object" && payload !== null && !Array.isArray(payload) ? payload : {};
      this.deps.rooms.track(channel.member, meta as Record<string, unknown>);
      return this.reply(msg, "ok", {});
    }
    if (type === "presence" && event === "untrack") {
      this.deps.rooms.untrack(channel.member);
      return this.reply(msg, "ok", {});
    }
    this.reply(msg, "error", { reason: "unknown presence event" });
  }

  /** One user broadcast to this socket, in the frame its serializer expects. */
  private sendBroadcast(topic: string, m: UserBroadcast): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    if (this.vsn === "2.0.0") {
      const frame = encodeUserBroadcast({ topic, ...m });
      if (frame) this.ws.send(frame);
      return;
    }
    // vsn 1.0.0 has no binary frames: JSON payloads only.
    if (m.encoding !== 1) return;
    const payload: Record<string, unknown> = {
      type: "broadcast",
      event: m.event,
      payload: JSON.parse(m.payload.toString("utf8")),
    };
    if (m.metadata) payload.meta = JSON.parse(m.metadata);
    this.send({ joinRef: null, ref: null, topic, event: "broadcast", payload });
  }

  private async join(msg: PhxMessage): Promise<void> {
    if (!msg.topic.startsWith("realtime:") || msg.topic === "realtime:") {
      return this.reply(msg, "error", { reason: "realtime subtopic does not exist" });
    }
    const previous = this.channels.get(msg.topic);
    if (previous) {
      // Phoenix closes the old channel when the same topic is joined again on one socket.
      this.remove(previous);
      this.send({
        joinRef: previous.joinRef,
        ref: previous.joinRef,
        topic: msg.topic,
        event: "phx_close",
        payload: {},
      });
    }
    if (this.channels.size >= MAX_CHANNELS) {
      return this.reply(msg, "error", { reason: "Too many channels" });
    }
    const token = await resolveToken(msg.payload.access_token, this.deps.verifyToken);
    if (!token.ok) return this.reply(msg, "error", { reason: token.reason });
    const config = (msg.payload.config ?? {}) as Record<string, unknown>;
    const isPrivate = typeof config === "object" && config.private === true;
    let permissions: Permissions | null = null;
    if (isPrivate) {
      try {
        permissions = await channelPermissions(this.deps.sql, subtopic(msg.topic), token.claims);
      } catch (error) {
        this.deps.log(`realtime: a realtime.messages policy failed: ${(error as Error).message}`);
        return this.reply(msg, "error", { reason: "Unauthorized: unable to check the channel's policies" });
      }
      if (!mayJoin(permissions)) return this.reply(msg, "error", { reason: noRead(msg.topic) });
    }
    const parsed = parseBindings(typeof config === "object" ? config.postgres_changes : undefined);
    let bindings: Binding[] = [];
    let problem: string | null = parsed.ok ? null : parsed.reason;
    if (parsed.ok) {
      try {
        problem = await checkTables(this.deps.sql, parsed.bindings);
      } catch (error) {
        // Answer the join anyway: without a reply the client would only time out and retry blindly.
        this.deps.log(`realtime: checking a subscription failed: ${(error as Error).message}`);
        return this.reply(msg, "error", { reason: "Realtime was unable to connect to the project database" });
      }
      if (problem === null) bindings = parsed.bindings;
    }
    if (this.closed) return;
    const section = (name: string) => {
      const value = typeof config === "object" ? config[name] : undefined;
      return (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
    };
    const topic = msg.topic;
    const member: Member = {
      room: `${isPrivate ? "private" : "public"}:${topic}`,
      hears: { broadcast: permissions?.read.broadcast ?? true, presence: permissions?.read.presence ?? true },
      presenceKey: presenceKeyOf(section("presence").key),
      presenceEnabled: section("presence").enabled === true,
      broadcastSelf: section("broadcast").self === true,
      meta: null,
      sendPresenceDiff: (diff) =>
        this.send({ joinRef: null, ref: null, topic, event: "presence_diff", payload: diff }),
      sendBroadcast: (m) => this.sendBroadcast(topic, m),
    };
    const channel: Channel = {
      topic: msg.topic,
      joinRef: msg.joinRef ?? msg.ref,
      claims: token.claims,
      bindings,
      member,
      broadcastAck: section("broadcast").ack === true,
      permissions,
      expiry: null,
      deliver: (ids, dataJson) => {
        if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
        const head = { joinRef: null, ref: null, topic: msg.topic, event: "postgres_changes" };
        this.ws.send(
          encodeWithPayloadJson(head, `{"ids":${JSON.stringify(ids)},"data":${dataJson}}`, this.vsn),
        );
      },
      fail: (reason) => this.crash(channel, reason),
    };
    this.channels.set(msg.topic, channel);
    this.deps.hub.subscriptions.add(channel);
    this.deps.rooms.join(member);
    this.armExpiry(channel, token.exp);
    const echoed = bindings.map((b) => ({ ...b.echo, id: b.id }));
    this.reply(msg, "ok", parsed.ok && problem === null ? { postgres_changes: echoed } : {});
    // Who is here already; members that did not enable presence get the empty state, as before.
    const state = member.presenceEnabled && member.hears.presence ? this.deps.rooms.state(member.room) : {};
    this.send({ joinRef: null, ref: null, topic: msg.topic, event: "presence_state", payload: state });
    if (problem !== null) {
      const reason = `Unable to subscribe to changes with given parameters: ${problem}`;
      this.send(system(msg.topic, "postgres_changes", "error", reason));
    } else if (bindings.length > 0) {
      this.send(system(msg.topic, "postgres_changes", "ok", "Subscribed to PostgreSQL"));
    }
  }

  private async updateToken(channel: Channel, msg: PhxMessage): Promise<void> {
    const token = await resolveToken(msg.payload.access_token, this.deps.verifyToken);
    if (this.channels.get(channel.topic) !== channel) return;
    if (!token.ok) return this.reject(channel, token.reason);
    channel.claims = token.claims;
    if (channel.permissions) {
      // As the hosted server: a new token recomputes the private channel's permissions.
      const permissions = await channelPermissions(
        this.deps.sql,
        subtopic(channel.topic),
        token.claims,
      ).catch(() => null);
      if (this.channels.get(channel.topic) !== channel) return;
      if (!permissions || !mayJoin(permissions)) return this.reject(channel, noRead(channel.topic));
      channel.permissions = permissions;
      channel.member.hears = { broadcast: permissions.read.broadcast, presence: permissions.read.presence };
      if (!permissions.write.presence) this.deps.rooms.untrack(channel.member);
    }
    this.armExpiry(channel, token.exp);
    this.reply(msg, "ok", {});
  }

  /** What the real server does with a token that is bad or runs out: a system error, then phx_close. */
  private reject(channel: Channel, reason: string): void {
    this.send(system(channel.topic, "system", "error", reason));
    this.remove(channel);
    this.send({
      joinRef: channel.joinRef,
      ref: channel.joinRef,
      topic: channel.topic,
      event: "phx_close",
      payload: {},
    });
  }

  /** As a crashed channel process on the real server: a system error, then phx_error (the client rejoins). */
  private crash(channel: Channel, reason: string): void {
    if (this.channels.get(channel.topic) !== channel) return;
    this.send(system(channel.topic, "postgres_changes", "error", reason));
    this.remove(channel);
    this.send({
      joinRef: channel.joinRef,
      ref: channel.joinRef,
      topic: channel.topic,
      event: "phx_error",
      payload: {},
    });
  }

  private armExpiry(channel: Channel, exp: number | null): void {
    if (channel.expiry) clearTimeout(channel.expiry);
    channel.expiry = null;
    if (exp === null) return;
    const ms = Math.min(Math.max(0, exp * 1000 - Date.now()), MAX_TIMER_MS);
    channel.expiry = setTimeout(() => {
      if (this.channels.get(channel.topic) === channel) this.reject(channel, expiredMessage(exp));
    }, ms);
    channel.expiry.unref();
  }

  private remove(channel: Channel): void {
    if (channel.expiry) clearTimeout(channel.expiry);
    this.deps.hub.subscriptions.delete(channel);
    this.deps.rooms.leave(channel.member);
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
  }

  private cleanup(): void {
    this.closed = true;
    for (const channel of [...this.channels.values()]) this.remove(channel);
  }
}

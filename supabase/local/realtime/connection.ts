import type { WebSocket } from "ws";
import type postgres from "postgres";
import type { RealtimeClaims } from "./index.ts";
import { decode, encode, encodeWithPayloadJson, type PhxMessage, type Vsn } from "./serializer.ts";
import { parseBindings, type Binding } from "./bindings.ts";
import { expiredMessage, resolveToken } from "./token.ts";
import type { Hub, Subscription } from "./hub.ts";
import { checkTables } from "./tables.ts";

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

type Channel = Subscription & { joinRef: string | null; expiry: NodeJS.Timeout | null };

export type ConnectionDeps = {
  hub: Hub;
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
      // Binary frames are user broadcasts, which this stand-in does not relay.
      if (isBinary) return;
      const text = Array.isArray(data) ? Buffer.concat(data).toString("utf8") : data.toString("utf8");
      // Messages are handled strictly in order, as one Phoenix socket process would.
      this.queue = this.queue
        .then(() => this.handle(text))
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
    this.reply(msg, "error", {
      reason: `event "${msg.event}" is not supported by the local Realtime stand-in`,
    });
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
    const channel: Channel = {
      topic: msg.topic,
      joinRef: msg.joinRef ?? msg.ref,
      claims: token.claims,
      bindings,
      expiry: null,
      deliver: (ids, dataJson) => {
        if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
        const head = { joinRef: null, ref: null, topic: msg.topic, event: "postgres_changes" };
        this.ws.send(
          encodeWithPayloadJson(head, `{"ids":${JSON.stringify(ids)},"data":${dataJson}}`, this.vsn),
        );
      },
    };
    this.channels.set(msg.topic, channel);
    this.deps.hub.subscriptions.add(channel);
    this.armExpiry(channel, token.exp);
    const echoed = bindings.map((b) => ({ ...b.echo, id: b.id }));
    this.reply(msg, "ok", parsed.ok && problem === null ? { postgres_changes: echoed } : {});
    this.send({ joinRef: null, ref: null, topic: msg.topic, event: "presence_state", payload: {} });
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
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
  }

  private cleanup(): void {
    this.closed = true;
    for (const channel of [...this.channels.values()]) this.remove(channel);
  }
}

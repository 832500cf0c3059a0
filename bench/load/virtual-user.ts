/**
 * One athlete in race week: a Realtime client on their private inbox channel (as the top bar's badge, with
 * its team-chat binding), and a loop of page views with reading time between them (dashboard, browse with
 * filters and pages, a team, their thread or their team chat, which marks it read) plus a message to their
 * partner every 20 s and one to their team's chat every 30 s. A message that arrives asks for the unread
 * count, as the badge does. After a rejoin the thread and the team chat are fetched again, as the open
 * pages do, so a message stored while the socket was down is caught up, not lost.
 */
import { randomUUID } from "node:crypto";
import { createClient, type RealtimeChannel, type SupabaseClient } from "@supabase/supabase-js";
import { inboxFilters, teamChatFilter } from "../../lib/conversations/inbox-filters.ts";
import type { Athlete } from "./athletes.ts";
import { callAction, getPage, type Answer } from "./http.ts";
import type { Recorder } from "./stats.ts";

export type Ledger = {
  /** Acknowledged sends (the action answered ok): id → recipient profile id and when it was sent. */
  acked: Map<string, { to: string; sentAt: number; ackedAt: number }>;
  /** Per recipient profile id: message id → how many times Realtime delivered it. */
  delivered: Map<string, Map<string, number>>;
  /** Per recipient: message ids first seen through a catch-up fetch after a rejoin. */
  caughtUp: Map<string, Set<string>>;
  /** Send → the partner's Realtime callback, ms. */
  latency: number[];
  /** Acknowledged team-chat sends: id → the other members online in this run, when it was sent. */
  teamAcked: Map<string, { to: string[]; sentAt: number; ackedAt: number }>;
  /** Team-chat send → each other member's Realtime callback, ms. */
  teamLatency: number[];
  /** Every page and action answered, by outcome; what a failed one said (for the fault reports). */
  outcomes: {
    at: number;
    ms: number;
    label: string;
    outcome: Answer["outcome"];
    status: number;
    detail?: string;
  }[];
};

export const newLedger = (): Ledger => ({
  acked: new Map(),
  delivered: new Map(),
  caughtUp: new Map(),
  latency: [],
  teamAcked: new Map(),
  teamLatency: [],
  outcomes: [],
});

export type Context = {
  base: string;
  actions: Record<string, string>;
  teamIds: string[];
  recorder: Recorder;
  ledger: Ledger;
  until: number;
  /** Reading time between two page views, ms. */
  thinkMs: [number, number];
  sendEveryMs: number;
  teamSendEveryMs: number;
  /** Profile ids of the athletes in this run (a team-chat message counts for the members online). */
  online: Set<string>;
};

/** How many times a shed send is sent again before the athlete gives up (it is then an error). */
const maxShedRetries = 20;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const rand = (lo: number, hi: number) => lo + Math.random() * (hi - lo);
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

function browsePath() {
  const q = new URLSearchParams();
  if (Math.random() < 0.5) q.set("role", pick(["swimmer", "cyclist", "runner"]));
  if (Math.random() < 0.3) q.set("level", pick(["beginner", "intermediate", "advanced"]));
  if (Math.random() < 0.4) q.set("ap", String(1 + Math.floor(Math.random() * 5)));
  if (Math.random() < 0.2) q.set("tp", "2");
  // "Needs my specialty" ticked: the shared copy of the athlete's leg (lib/browse/shared-copy.ts).
  if (Math.random() < 0.2) q.set("mine", "1");
  const s = q.toString();
  return s ? `/browse?${s}` : "/browse";
}

/** In a few words, what a failed answer was: no answer and why, the action's error, or the page's start. */
function detailOf(answer: Answer & { result?: unknown }): string {
  if (answer.failure) return `no answer: ${answer.failure}`;
  if (answer.result) return `result ${JSON.stringify(answer.result).slice(0, 160)}`;
  const digest = /"digest":"([^"]+)"/.exec(answer.body)?.[1];
  const title = /<title>([^<]*)<\/title>/.exec(answer.body)?.[1];
  return `${answer.status}${digest ? ` digest ${digest}` : ""}${title ? ` "${title}"` : ""} ${answer.bytes} bytes: ${answer.body.slice(0, 120).replace(/\s+/g, " ")}`;
}

export class VirtualUser {
  private client: SupabaseClient | null = null;
  private channel: RealtimeChannel | null = null;
  private joins = 0;
  private countTimer: ReturnType<typeof setTimeout> | null = null;
  stopped = false;

  private readonly me: Athlete;
  private readonly ctx: Context;

  constructor(me: Athlete, ctx: Context) {
    this.me = me;
    this.ctx = ctx;
  }

  private record(label: string, answer: Answer & { result?: unknown }, ok = answer.outcome === "ok") {
    const at = performance.now() - answer.ms;
    const shed = answer.outcome === "shed";
    this.ctx.recorder.record(label, {
      at,
      ms: answer.ms,
      ok,
      status: answer.status,
      ...(shed ? { shed } : {}),
    });
    // An action that answered {ok: false} is a failure for the run even when the request itself came back.
    const outcome = answer.outcome === "ok" && !ok ? "bad" : answer.outcome;
    this.ctx.ledger.outcomes.push({
      at,
      ms: answer.ms,
      label,
      outcome,
      status: answer.status,
      ...(ok ? {} : { detail: detailOf(answer) }),
    });
  }

  /** Joins the inbox channel; resolves once joined (or after 15 s, counted as not joined). */
  async connect(): Promise<boolean> {
    const client = createClient(
      process.env.NEXT_PUBLIC_SUPABASE_URL!,
      process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY!,
      // The token Realtime joins and rejoins with (after a dropped socket too), as the browser's session
      // gives it; without it realtime-js would rejoin as anon and the private channel would refuse it.
      { accessToken: async () => this.me.accessToken },
    );
    await client.realtime.setAuth(this.me.accessToken);
    this.client = client;
    const mine = this.ctx.ledger.delivered.get(this.me.profileId) ?? new Map<string, number>();
    this.ctx.ledger.delivered.set(this.me.profileId, mine);
    return new Promise((resolve) => {
      const giveUp = setTimeout(() => resolve(false), 15_000);
      const channel = client.channel(`inbox:${this.me.profileId}`, { config: { private: true } });
      // The browser's bindings (lib/conversations/inbox.ts): received and sent, new and marked read.
      for (const filter of inboxFilters(this.me.profileId)) {
        channel
          .on(
            "postgres_changes",
            { event: "INSERT", schema: "public", table: "messages", filter },
            (payload) => {
              const message = payload.new as { id: string; sender_id: string };
              if (message.sender_id === this.me.profileId) return;
              mine.set(message.id, (mine.get(message.id) ?? 0) + 1);
              const sent = this.ctx.ledger.acked.get(message.id);
              if (sent && mine.get(message.id) === 1)
                this.ctx.ledger.latency.push(performance.now() - sent.sentAt);
              this.countSoon();
            },
          )
          .on(
            "postgres_changes",
            { event: "UPDATE", schema: "public", table: "messages", filter },
            (payload) => {
              // Marked read elsewhere: the badge counts again, as in the browser.
              if ((payload.new as { sender_id: string }).sender_id !== this.me.profileId) this.countSoon();
            },
          );
      }
      // The team chat's binding, as the badge has it (one filter for the athlete's teams).
      if (this.me.chatTeamId) {
        channel.on(
          "postgres_changes",
          {
            event: "INSERT",
            schema: "public",
            table: "team_chat_messages",
            filter: teamChatFilter([this.me.chatTeamId]),
          },
          (payload) => {
            const message = payload.new as { id: string; sender_id: string };
            if (message.sender_id === this.me.profileId) return;
            mine.set(message.id, (mine.get(message.id) ?? 0) + 1);
            const sent = this.ctx.ledger.teamAcked.get(message.id);
            if (sent && mine.get(message.id) === 1)
              this.ctx.ledger.teamLatency.push(performance.now() - sent.sentAt);
            this.countSoon();
          },
        );
      }
      this.channel = channel;
      channel.subscribe((status) => {
        if (status !== "SUBSCRIBED") return;
        this.joins += 1;
        clearTimeout(giveUp);
        resolve(true);
        if (this.joins > 1) void this.catchUp();
      });
    });
  }

  /** As the badge: a burst of messages costs one unread count. */
  private countSoon() {
    if (this.countTimer || this.stopped) return;
    this.countTimer = setTimeout(async () => {
      this.countTimer = null;
      const answer = await callAction(
        this.ctx.base,
        "/dashboard",
        this.me.cookie,
        this.ctx.actions.fetchInboxStateAction!,
        [],
      );
      this.record("action unread count", answer);
    }, 150);
  }

  /** As the open thread after a rejoin: fetch the conversation and keep what Realtime did not bring. */
  private async catchUp() {
    const path = `/messages?c=${this.me.conversationId}`;
    const answer = await callAction(
      this.ctx.base,
      path,
      this.me.cookie,
      this.ctx.actions.fetchMessagesAction!,
      [this.me.conversationId, null],
    );
    this.record("action catch up", answer, answer.outcome === "ok" && answer.result?.ok === true);
    const messages = (answer.result?.messages ?? []) as { id: string; sender_id: string }[];
    const seen = this.ctx.ledger.delivered.get(this.me.profileId)!;
    const caught = this.ctx.ledger.caughtUp.get(this.me.profileId) ?? new Set<string>();
    this.ctx.ledger.caughtUp.set(this.me.profileId, caught);
    for (const m of messages) if (m.sender_id !== this.me.profileId && !seen.has(m.id)) caught.add(m.id);
    if (!this.me.chatTeamId) return;
    const team = await callAction(
      this.ctx.base,
      `/messages?team=${this.me.chatTeamId}`,
      this.me.cookie,
      this.ctx.actions.fetchTeamChatAction!,
      [this.me.chatTeamId, null],
    );
    this.record("action team chat catch up", team, team.outcome === "ok" && team.result?.ok === true);
    const teamMessages = (team.result?.messages ?? []) as { id: string; sender_id: string }[];
    for (const m of teamMessages) if (m.sender_id !== this.me.profileId && !seen.has(m.id)) caught.add(m.id);
  }

  private async view(path: string, label: string) {
    this.record(label, await getPage(this.ctx.base, path, this.me.cookie));
  }

  async browseLoop() {
    await sleep(rand(0, this.ctx.thinkMs[1]));
    while (!this.stopped && performance.now() < this.ctx.until) {
      const roll = Math.random();
      if (roll < 0.3) await this.view("/dashboard", "page /dashboard");
      else if (roll < 0.65) await this.view(browsePath(), "page /browse (filters, pages)");
      else if (roll < 0.8) await this.view(`/teams/${pick(this.ctx.teamIds)}`, "page /teams/{id}");
      else if (this.me.chatTeamId && Math.random() < 0.5) {
        const path = `/messages?team=${this.me.chatTeamId}`;
        await this.view(path, "page /messages?team= (team chat)");
        const read = await callAction(
          this.ctx.base,
          path,
          this.me.cookie,
          this.ctx.actions.markTeamChatReadAction!,
          [this.me.chatTeamId],
        );
        this.record("action team chat mark read", read, read.outcome === "ok" && read.result?.ok === true);
      } else {
        const path = `/messages?c=${this.me.conversationId}`;
        await this.view(path, "page /messages?c= (thread)");
        const read = await callAction(this.ctx.base, path, this.me.cookie, this.ctx.actions.markReadAction!, [
          this.me.conversationId,
        ]);
        this.record("action mark read", read, read.outcome === "ok" && read.result?.ok === true);
      }
      await sleep(rand(...this.ctx.thinkMs));
    }
  }

  async sendLoop() {
    await sleep(rand(0, this.ctx.sendEveryMs));
    let n = 0;
    while (!this.stopped && performance.now() < this.ctx.until) {
      const id = randomUUID();
      const sentAt = performance.now();
      const path = `/messages?c=${this.me.conversationId}`;
      const content = `Load message ${this.me.index}.${++n}`;
      const answer = await this.untilAdmitted("action send message", () =>
        callAction(this.ctx.base, path, this.me.cookie, this.ctx.actions.sendMessageAction!, [
          { id, conversationId: this.me.conversationId, content },
        ]),
      );
      const acked = answer.outcome === "ok" && answer.result?.ok === true;
      if (acked)
        this.ctx.ledger.acked.set(id, { to: this.me.partnerProfileId, sentAt, ackedAt: performance.now() });
      this.record("action send message", answer, acked);
      await sleep(this.ctx.sendEveryMs - (performance.now() - sentAt));
    }
  }

  /** A message to the team's chat every `teamSendEveryMs`, as the open team chat sends it. */
  async teamSendLoop() {
    if (!this.me.chatTeamId) return;
    await sleep(rand(0, this.ctx.teamSendEveryMs));
    let n = 0;
    while (!this.stopped && performance.now() < this.ctx.until) {
      const id = randomUUID();
      const sentAt = performance.now();
      const path = `/messages?team=${this.me.chatTeamId}`;
      const content = `Load team message ${this.me.index}.${++n}`;
      const answer = await this.untilAdmitted("action send team chat message", () =>
        callAction(this.ctx.base, path, this.me.cookie, this.ctx.actions.sendTeamChatMessageAction!, [
          { id, teamId: this.me.chatTeamId, content },
        ]),
      );
      const acked = answer.outcome === "ok" && answer.result?.ok === true;
      if (acked) {
        const to = this.me.chatMates.filter((p) => this.ctx.online.has(p));
        this.ctx.ledger.teamAcked.set(id, { to, sentAt, ackedAt: performance.now() });
      }
      this.record("action send team chat message", answer, acked);
      await sleep(this.ctx.teamSendEveryMs - (performance.now() - sentAt));
    }
  }

  /**
   * A send the server shed (503 + Retry-After) is sent again after Retry-After, with the same id and text,
   * as the athlete pressing Send again would: nothing is lost, and the ledger still checks it arrives once.
   * Each shed answer is recorded; the last answer (admitted, or the last of maxShedRetries) is returned.
   * It goes on past the end of the run: the run waits for it.
   */
  private async untilAdmitted<A extends Answer>(label: string, send: () => Promise<A>): Promise<A> {
    let answer = await send();
    for (let tries = 1; answer.outcome === "shed" && tries <= maxShedRetries && !this.stopped; tries++) {
      this.record(label, answer, false);
      // A little spread, so the athletes shed together do not all come back in the same instant.
      await sleep((answer.retryAfter ?? 1) * 1000 * rand(1, 1.5));
      answer = await send();
    }
    // Still refused after every retry: lost, so an error of the run, not a shed answer.
    return answer.outcome === "shed"
      ? { ...answer, outcome: "bad", failure: `still shed after ${maxShedRetries} retries` }
      : answer;
  }

  async stop() {
    this.stopped = true;
    if (this.countTimer) clearTimeout(this.countTimer);
    if (this.client && this.channel) await this.client.removeChannel(this.channel).catch(() => {});
    this.client?.realtime.disconnect();
  }
}

"use client";

import { useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useEarlyAction, useHydrated } from "@/lib/forms/use-early-action";
import type { ConversationKind, SendAnswer, ThreadMessage } from "@/lib/conversations/kind";
import { newId } from "@/lib/conversations/new-id";
import { busyText, isBusyError } from "@/lib/shedding/busy-text";
import { charCount, normaliseText } from "@/lib/validation/text";
import { messageLimits } from "@/lib/validation/message";

/**
 * Text input and send button (docs/product.md#messages): empty or whitespace-only text cannot be sent, text is trimmed,
 * the input clears on success and keeps its text on failure, with a small retry hint. A retry of the same
 * text reuses its id, so a send that did reach the server is not stored twice. Pressed before the page's
 * scripts have run, Send posts the form (useEarlyAction) with `earlyId`, made by the server for this page,
 * and the page comes back with the message in the thread. One composer for every kind of conversation: the
 * kind says where it sends (`to` names the conversation).
 */
export function MessageComposer<M extends ThreadMessage>({
  kind,
  to,
  earlyId,
  placeholder,
  onSent,
}: {
  kind: ConversationKind<M, unknown>;
  to: string;
  earlyId: string;
  placeholder?: string;
  onSent: (message: M) => void;
}) {
  const hydrated = useHydrated();
  // Only for a press before the scripts have run (the page comes back with the message); with them, send().
  const early = useEarlyAction<SendAnswer<M>>(kind.sendFromForm, () => {}, { ok: false, error: "" });
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [hint, setHint] = useState<string | null>(null);
  const pending = useRef<{ id: string; content: string } | null>(null);
  const content = normaliseText(text);
  const tooLong = charCount(content) > messageLimits.content.max;

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (!content || sending || tooLong) return;
    if (pending.current?.content !== content) pending.current = { id: newId(), content };
    setSending(true);
    const id = pending.current.id;
    // Refused by load shedding (503 before anything ran): nothing was stored, and the text stays for a retry.
    let busy = false;
    const result = await kind
      .send({ id, to, content })
      .then((r) => {
        if (r.ok) onSent(r.message);
        return r;
      })
      .catch((error: unknown) => {
        busy = isBusyError(error);
        return null;
      });
    setSending(false);
    if (result?.ok) {
      pending.current = null;
      setHint(null);
      // Clear what was sent, but keep anything typed while it was on its way.
      setText((current) => (normaliseText(current) === result.message.content ? "" : current));
      return;
    }
    // docs/product.md#messages: the failure is only logged and the text stays; the hint says it can be sent again, or, over
    // the sending limit (docs/security.md#rate-limits), how long to wait.
    console.error("message send failed", {
      action: "messages.send",
      error: result?.error ?? (busy ? "busy" : "network"),
    });
    if (busy) return setHint(`Not sent. ${busyText}`);
    const shown =
      result?.code === "RATE" ||
      result?.code === "BLOCKED" ||
      result?.code === "SUSPENDED" ||
      result?.code === "UNAVAILABLE" ||
      result?.code === "NOT_MEMBER" ||
      result?.code === "FORBIDDEN";
    setHint((shown && result?.error) || "Not sent. Press Send to try again.");
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) void send(event);
  }

  return (
    <form action={early.form.action} onSubmit={send} className="border-t border-slate-200 p-3">
      <input type="hidden" name={kind.formField} value={to} />
      <input type="hidden" name="id" value={earlyId} />
      <div className="flex items-end gap-2">
        <label htmlFor="message-input" className="sr-only">
          Message
        </label>
        <textarea
          id="message-input"
          name="content"
          rows={1}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder ?? "Type a message..."}
          aria-describedby={hint ? "message-hint" : undefined}
          aria-invalid={tooLong || undefined}
          className="focus:border-ocean-600 max-h-40 min-h-11 flex-1 resize-y rounded-lg border border-slate-300 px-3 py-2 text-slate-900"
        />
        <button
          type="submit"
          // Before the scripts run it cannot tell the text is empty: the server says so then.
          disabled={hydrated && (!content || sending || tooLong)}
          className="bg-sunset-700 hover:bg-sunset-600 min-h-11 rounded-lg px-4 font-semibold text-white disabled:cursor-not-allowed disabled:opacity-60"
        >
          {sending ? "Sending..." : "Send"}
        </button>
      </div>
      <p id="message-hint" role="status" className="mt-1 min-h-5 text-xs text-slate-600">
        {tooLong
          ? `Messages can be up to ${messageLimits.content.max} characters.`
          : (hint ?? (early.pageResult && !early.pageResult.ok ? early.pageResult.error : null))}
      </p>
    </form>
  );
}

/**
 * Phoenix channel frames as realtime-js sends them: vsn 2.0.0 uses JSON arrays
 * `[join_ref, ref, topic, event, payload]`, vsn 1.0.0 uses JSON objects with the same five fields.
 */
export type Vsn = "1.0.0" | "2.0.0";

export type PhxMessage = {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
};

export type DecodeResult = { ok: true; message: PhxMessage } | { ok: false; reason: string };

/** Picks the serializer from the `vsn` query parameter; unknown or missing values get the client default. */
export function vsnFrom(value: string | null): Vsn {
  return value === "1.0.0" ? "1.0.0" : "2.0.0";
}

function refOf(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Parses one text frame; anything that is not a well-formed Phoenix message is reported, never thrown. */
export function decode(raw: string, vsn: Vsn): DecodeResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ok: false, reason: "malformed JSON" };
  }
  let fields: unknown[];
  if (vsn === "2.0.0") {
    if (!Array.isArray(parsed) || parsed.length !== 5)
      return { ok: false, reason: "expected a 5-element array" };
    fields = parsed;
  } else {
    if (!isObject(parsed)) return { ok: false, reason: "expected an object" };
    fields = [parsed.join_ref, parsed.ref, parsed.topic, parsed.event, parsed.payload];
  }
  const [joinRef, ref, topic, event, payload] = fields;
  const jr = refOf(joinRef);
  const r = refOf(ref);
  if (jr === undefined || r === undefined) return { ok: false, reason: "refs must be strings or null" };
  if (typeof topic !== "string" || topic.length === 0) return { ok: false, reason: "topic must be a string" };
  if (typeof event !== "string" || event.length === 0) return { ok: false, reason: "event must be a string" };
  if (payload !== undefined && payload !== null && !isObject(payload)) {
    return { ok: false, reason: "payload must be an object" };
  }
  return {
    ok: true,
    message: { joinRef: jr, ref: r, topic, event, payload: isObject(payload) ? payload : {} },
  };
}

export function encode(message: PhxMessage, vsn: Vsn): string {
  if (vsn === "2.0.0") {
    return JSON.stringify([message.joinRef, message.ref, message.topic, message.event, message.payload]);
  }
  return JSON.stringify({
    join_ref: message.joinRef,
    ref: message.ref,
    topic: message.topic,
    event: message.event,
    payload: message.payload,
  });
}

/** Like `encode`, with the payload already serialized: one change's JSON is shared by all its subscribers. */
export function encodeWithPayloadJson(
  message: Omit<PhxMessage, "payload">,
  payloadJson: string,
  vsn: Vsn,
): string {
  const ref = (r: string | null) => (r === null ? "null" : JSON.stringify(r));
  if (vsn === "2.0.0") {
    return `[${ref(message.joinRef)},${ref(message.ref)},${JSON.stringify(message.topic)},${JSON.stringify(message.event)},${payloadJson}]`;
  }
  return `{"join_ref":${ref(message.joinRef)},"ref":${ref(message.ref)},"topic":${JSON.stringify(message.topic)},"event":${JSON.stringify(message.event)},"payload":${payloadJson}}`;
}

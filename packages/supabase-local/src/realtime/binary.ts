/**
 * The two binary frames of realtime-js's vsn 2.0.0 serializer (`lib/serializer.ts`):
 * client → server kind 3 "user broadcast push":
 *   [3, joinRefLen, refLen, topicLen, eventLen, metadataLen, encoding] joinRef ref topic event metadata payload
 * server → client kind 4 "user broadcast":
 *   [4, topicLen, eventLen, metadataLen, encoding] topic event metadata payload
 * Lengths are UTF-8 byte counts (one byte each); encoding 1 = JSON payload, 0 = raw bytes.
 */
export type BroadcastPush = {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  metadata: string;
  encoding: 0 | 1;
  payload: Buffer;
};

export const USER_BROADCAST_PUSH = 3;
export const USER_BROADCAST = 4;

/** Decodes a kind-3 frame; null for anything else or a truncated frame. */
export function decodeBroadcastPush(frame: Buffer): BroadcastPush | null {
  if (frame.length < 7 || frame[0] !== USER_BROADCAST_PUSH) return null;
  const lengths = [frame[1]!, frame[2]!, frame[3]!, frame[4]!, frame[5]!];
  const encoding = frame[6]!;
  if (encoding !== 0 && encoding !== 1) return null;
  let offset = 7;
  const parts: string[] = [];
  for (const length of lengths) {
    if (offset + length > frame.length) return null;
    parts.push(frame.subarray(offset, offset + length).toString("utf8"));
    offset += length;
  }
  const [joinRef, ref, topic, event, metadata] = parts as [string, string, string, string, string];
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event,
    metadata,
    encoding,
    payload: frame.subarray(offset),
  };
}

/** Encodes a kind-4 frame; null when a header field is longer than 255 bytes. */
export function encodeUserBroadcast(m: {
  topic: string;
  event: string;
  metadata: string;
  encoding: 0 | 1;
  payload: Buffer;
}): Buffer | null {
  const topic = Buffer.from(m.topic, "utf8");
  const event = Buffer.from(m.event, "utf8");
  const metadata = Buffer.from(m.metadata, "utf8");
  if (topic.length > 255 || event.length > 255 || metadata.length > 255) return null;
  const head = Buffer.from([USER_BROADCAST, topic.length, event.length, metadata.length, m.encoding]);
  return Buffer.concat([head, topic, event, metadata, m.payload]);
}

import { photoTexts } from "../photos/texts.ts";
import { photos } from "../site.ts";

/**
 * The most a request to this app may carry: Next's own limit for server actions (1 MB, set explicitly in
 * next.config.ts from here so the two cannot drift). Past it Next threw inside the action handler and
 * answered 500 (docs/security.md#headers); proxy.ts answers 413 with this text before anything runs. Nothing the
 * app accepts comes near it: the longest field is a 2,000-character message.
 */
export const requestBodyLimit = 1024 * 1024;
export const requestBodyLimitLabel = "1mb";

/**
 * The one route that takes more: a profile photo upload (a phone's camera photo is several MB), up to the
 * photo limit plus room for the form around it. Under Next's own limit on the body the proxy may read
 * (proxyClientMaxBodySize, 10 MB by default), so the route always gets the whole body.
 */
export const photoUploadPath = "/api/profile-photo";
export const photoRequestLimit = photos.maxBytes + 64 * 1024;

// text/plain exactly (no charset): Next's client turns such a body of a failed action into the error's
// message, and a form posted without JavaScript shows it as the page. ASCII only, so no charset is needed.
const message =
  "Request too large: this site accepts at most 1 MB in one request. Shorten what you are sending and try again.";

const withBody = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function tooLargeResponse(text = message): Response {
  return new Response(text, {
    status: 413,
    headers: { "content-type": "text/plain", "cache-control": "no-store", connection: "close" },
  });
}

/**
 * 413 when the request's body is over the limit, else null. An announced length decides at once (Node's
 * parser holds the body to it); a chunked body is counted up to one byte past the limit, in the proxy's own
 * copy of the stream (Next replays the body to the route).
 */
export async function bodyTooLarge(request: Request): Promise<Response | null> {
  if (!withBody.has(request.method)) return null;
  const photo = new URL(request.url).pathname === photoUploadPath;
  const limit = photo ? photoRequestLimit : requestBodyLimit;
  const tooLarge = () => tooLargeResponse(photo ? photoTexts.tooLarge : message);
  const announced = request.headers.get("content-length");
  if (announced !== null) {
    return /^\d+$/.test(announced) && Number(announced) > limit ? tooLarge() : null;
  }
  if (!request.body) return null;
  const reader = request.body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return null;
      size += value.byteLength;
      if (size > limit) return tooLarge();
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/**
 * What ApiClient needs of HTTP, beneath its own rules (auth, redirects policy, deadline, parsing):
 * send one request and hand back its status, the headers it reads and the body as text. Two kinds:
 * ./keep-alive-transport.ts (node:http and node:https with kept sockets, for servers reached
 * directly: the event poll and the read go out every few seconds, and undici's fetch cost more per
 * request than the rest of the message's path, bench/README.md) and `fetchTransport` below (any
 * fetch: undici through a proxy, or a test's wrapper that counts or holds requests).
 */

export interface HttpRequest {
  url: URL;
  method: string;
  /** Content-Type included when there is a body. */
  headers: Record<string, string>;
  /** Form-encoded text, or the bytes of a multipart body. */
  body?: string | Uint8Array;
  /** Ends the request, its body read included. */
  signal: AbortSignal;
  /** Follow 3xx answers (requests that carry no secret); otherwise a 3xx is the answer. */
  followRedirects: boolean;
  /** Told as the body is handed to the network: bytes sent so far of its size. */
  onProgress?: (sent: number, total: number) => void;
}

export interface HttpAnswer {
  status: number;
  /** One header's value (name in lower case), or null. */
  header(name: string): string | null;
  /** The whole body as text; rejects when the connection fails or the signal aborts meanwhile. */
  text(): Promise<string>;
  /** Lets the body go unread (a redirect that is refused). */
  discard(): void;
}

export type HttpTransport = (request: HttpRequest) => Promise<HttpAnswer>;

/** 64 KiB pieces: progress moves smoothly, and a stream never holds more than one piece extra. */
export const PIECE_BYTES = 64 * 1024;

/** The bytes as a stream that reports how many were read from it. */
function countedStream(bytes: Uint8Array, onProgress: (sent: number, total: number) => void): ReadableStream {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      const piece = bytes.subarray(offset, offset + PIECE_BYTES);
      offset += piece.length;
      controller.enqueue(piece);
      onProgress(offset, bytes.length);
    },
  });
}

/** A transport over a fetch function (undici's through a proxy agent, the global one, a test's). */
export function fetchTransport(fetchImpl: typeof fetch): HttpTransport {
  return async (request) => {
    const { body, onProgress } = request;
    // A body whose progress is followed is streamed; fetch must then be told it has no length up front.
    const streamed = body instanceof Uint8Array && onProgress ? countedStream(body, onProgress) : null;
    const res = await fetchImpl(request.url, {
      method: request.method,
      headers: request.headers,
      signal: request.signal,
      redirect: request.followRedirects ? 'follow' : 'manual',
      ...(streamed ? { body: streamed, duplex: 'half' } : body !== undefined ? { body } : {}),
    } as RequestInit);
    return {
      status: res.status,
      header: (name) => res.headers.get(name),
      text: () => res.text(),
      discard: () => void res.body?.cancel().catch(() => undefined),
    };
  };
}

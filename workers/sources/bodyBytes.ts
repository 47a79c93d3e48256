/**
 * A snapshot answer's bytes read as they stream into one buffer allocated when the headers come
 * (issue 15 item 3; docs/performance.md §7o).
 *
 * `response.arrayBuffer()` hands the worker the whole answer as a new ArrayBuffer once its last
 * byte is in: at 50,000 units a 61 MB buffer appearing at once, which takes the worker's isolate
 * over V8's first global allocation limit (external memory counts) and starts a major collection
 * right in the first list's window (after the bytes, while the page renders). Allocated from the
 * Content-Length when the headers come, the same buffer reaches that limit while the body is
 * still downloading, when the worker has nothing else to do; each streamed piece is copied in
 * and dropped young.
 *
 * The result is the same bytes `arrayBuffer()` gives, in one buffer. Without a body stream or a
 * usable Content-Length the answer is read with `arrayBuffer()`. A body longer than its
 * Content-Length (a proxy that compressed it, whose Content-Encoding a cross-origin response may
 * not show) is read to its end all the same; a shorter one (the connection cut) gives the bytes
 * that came, for the answer's reader to refuse with its own error.
 */

/** What is needed of a response. */
export interface StreamedResponse {
  readonly headers?: { get(name: string): string | null };
  readonly body?: ReadableStream<Uint8Array> | null;
  arrayBuffer?(): Promise<ArrayBuffer>;
}

/** The Content-Length as a byte count, or null when absent or not a plain positive integer. */
function declaredLength(response: StreamedResponse): number | null {
  const header = response.headers?.get('content-length');
  if (header === undefined || header === null || !/^\d+$/.test(header.trim())) return null;
  const length = Number(header.trim());
  return Number.isSafeInteger(length) && length > 0 ? length : null;
}

/** One buffer of `pieces` (in order). */
function joined(pieces: readonly Uint8Array[], total: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.byteLength;
  }
  return bytes;
}

export async function bodyBytes(response: StreamedResponse): Promise<Uint8Array<ArrayBuffer>> {
  const length = declaredLength(response);
  const body = response.body ?? null;
  if (length === null || body === null) {
    if (response.arrayBuffer === undefined) throw new Error('the answer has neither a body stream nor arrayBuffer()');
    return new Uint8Array(await response.arrayBuffer());
  }
  const reader = body.getReader();
  let bytes: Uint8Array<ArrayBuffer> = new Uint8Array(length);
  let at = 0;
  /** Pieces past the declared length: then everything is joined at the end. */
  let overflow: Uint8Array[] | null = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (overflow !== null) {
      overflow.push(value);
      at += value.byteLength;
    } else if (at + value.byteLength <= length) {
      bytes.set(value, at);
      at += value.byteLength;
    } else {
      overflow = [bytes.subarray(0, at), value];
      at += value.byteLength;
    }
  }
  if (overflow !== null) bytes = joined(overflow, at);
  return at === bytes.byteLength ? bytes : bytes.subarray(0, at);
}

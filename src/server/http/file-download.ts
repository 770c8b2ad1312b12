/**
 * How every download of a student's file or data is sent (SECURITY-CHECKLIST "Uploads"): always an attachment, never
 * sniffed, sandboxed if a browser opens it anyway, and never cached.
 */

/** Content types a download may be labelled with; anything else goes as application/octet-stream. */
const SAFE_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/heic',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/json; charset=utf-8',
]);

/** RFC 6266 attachment header: an ASCII fallback plus the UTF-8 name. */
export function attachmentHeader(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'download';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function fileDownload(body: Uint8Array | string, file: { name: string; contentType: string }): Response {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'Content-Type': SAFE_TYPES.has(file.contentType) ? file.contentType : 'application/octet-stream',
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': attachmentHeader(file.name),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': 'sandbox',
      'Cache-Control': 'no-store',
    },
  });
}

/**
 * A CSV made page by page (the rules export, a rule-health list) streamed as an attachment, its pages asked for as the
 * client reads; a client that goes away stops the pages.
 */
export function csvDownload(pages: AsyncGenerator<string>, name: string): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await pages.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
  return new Response(stream, {
    status: 200,
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': attachmentHeader(name), 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' },
  });
}

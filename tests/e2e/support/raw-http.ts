import http, { type IncomingHttpHeaders } from 'node:http';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent, never decoded: a test sees the brotli or gzip the server chose. */
  body: Buffer;
}

/**
 * One request with exactly the given headers over Node's own client, which neither adds an
 * Accept-Encoding nor decodes the answer, as browsers and Playwright's request context do.
 */
export function rawRequest(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject)
      .end();
  });
}

/**
 * A page's first response as the bench weighs it (scripts/bench.mjs: status line, headers and body as
 * sent, brotli when asked), read raw over HTTP so nothing is decompressed on the way.
 */
export function firstResponseBytes(
  url: string,
  headers: Record<string, string> = { 'Accept-Encoding': 'br' },
): Promise<{ bytes: number; encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const asked = http.request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const { rawHeaders } = response;
        let head = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`.length + 2;
        for (let i = 0; i < rawHeaders.length; i += 2) head += `${rawHeaders[i]}: ${rawHeaders[i + 1]}\r\n`.length;
        const body = Buffer.concat(chunks);
        resolve({ bytes: head + body.length, encoding: response.headers['content-encoding'], body });
      });
      response.on('error', reject);
    });
    asked.on('error', reject);
    asked.end();
  });
}

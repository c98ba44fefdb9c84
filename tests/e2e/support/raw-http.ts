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

import type { APIRoute } from 'astro';
import { agencyDay } from '@/lib/agency-time';
import { site } from '@/lib/site';
import { privacy } from '@/server/desk/instance';
import { outboxKinds } from '@/server/message-kinds';
import { findPersonRecords, isAsked, personExport, readPersonQuery } from '@/lib/desk/privacy';

export const prerender = false;

/** Everything held about one person, as a file to send them; the middleware lets only owners here. */
export const GET: APIRoute = async ({ url }) => {
  const { query, problems } = readPersonQuery(url.searchParams);
  if (problems.length > 0 || !isAsked(query)) {
    const message = problems.length > 0 ? problems.join(' ') : 'Give an email address or a phone number.';
    return new Response(message, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const now = new Date();
  const records = await findPersonRecords(privacy(), query);
  return new Response(`${JSON.stringify(personExport(records, query, now, outboxKinds.messageLabel), null, 2)}\n`, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="privacy-request-${agencyDay(now, site.timeZone)}.json"`,
      'Cache-Control': 'no-store',
    },
  });
};

import type { APIRoute } from 'astro';
import { agencyDay } from '@/lib/agency-time';
import { parseListQuery } from '@/lib/desk/list';
import { site } from '@/lib/site';
import { lists } from '@/server/desk/instance';
import { quotes } from '@/server/quotes/instance';
import { deskCsv } from '@/server/desk/csv';

export const prerender = false;

/** The list's leads as CSV, every page of them, under the same filters (the middleware signs staff in). */
export const GET: APIRoute = async ({ url }) => {
  const today = agencyDay(new Date(), site.timeZone);
  const { query, filter } = parseListQuery(url.searchParams, { today, timeZone: site.timeZone });
  const leads = await lists().allDesk(filter);
  const bookings = await quotes().accountsOfLeads(
    leads.map((lead) => lead.id),
    today,
  );
  const csv = deskCsv(leads, filter.formIds, { bookings, timeZone: site.timeZone });
  const name = [query.form ?? query.group ?? 'all', query.status, query.due].filter(Boolean).join('-');
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="leads-${name}-${today}.csv"`,
    },
  });
};

import type { APIRoute } from 'astro';
import { clientGone, socketAddressOf } from '@/server/leads/client-address';
import { leadApi } from '@/server/leads/instance';

export const prerender = false;

export const GET: APIRoute = (context) => {
  const socketAddress = socketAddressOf(context);
  if (socketAddress === undefined) return clientGone(context.url.pathname);
  return leadApi.challenge(leadApi.client(context.request, socketAddress));
};

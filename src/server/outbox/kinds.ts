/*
 * The registry of what the outbox sends, in the way graphile-worker's task list does it: each owner
 * (leads, quotes, replies, the digest and the alert) declares its kinds, each with its label and the
 * function that writes it out when it is due, and the server's composition root
 * (src/server/message-kinds.ts) lists them. The queue and the worker look a row's kind up here and
 * never name one.
 */
import type { SqlDatabase } from '../db/database.ts';
import type { Delivery, DeliveryChannel, OutboxMessage } from '../../lib/outbox/model.ts';
import type { MailMessage } from './mail.ts';

/** How one try went, as the lead page lists it. */
export interface DeliveryResult {
  ok: boolean;
  detail: string;
}

/** What a kind may use to write out or send a row: the store, the sender's settings, and the clock of the pass. */
export interface OutboxContext {
  database: SqlDatabase;
  /** LEADS_NOTIFY_FROM: the address the site's emails come from. */
  from: string;
  /** SITE_URL: the links in an email are this server's. */
  siteUrl: string;
  /** How long an HTTP delivery may take. */
  timeoutMs: number;
  /** When the pass runs: a message written out now says what is true now. */
  now: Date;
  /** Sends an email through the worker's SMTP connection. */
  send(mail: MailMessage): Promise<DeliveryResult>;
}

/** A kind of queued message (channel `message`), registered by the module that owns its subject. */
export interface MessageKind<M extends OutboxMessage = OutboxMessage> {
  readonly kind: M['kind'];
  /** How the desk names it among a lead's deliveries: "Quote email (version 2)". */
  label(message: M): string;
  /** The email, written out when it is due; null when nothing is left to say by then (the row is done unsent). */
  compose(delivery: Delivery, message: M, context: OutboxContext): MailMessage | null | Promise<MailMessage | null>;
}

/** A lead's own delivery (relay, webhook, staff email, acknowledgement), registered by the leads. */
export interface ChannelKind {
  readonly channel: Exclude<DeliveryChannel, 'message'>;
  /** How the desk names it: "Webhook". */
  readonly label: string;
  /** Sends the row; null when its lead is gone (erased while queued), and nothing is recorded. */
  deliver(delivery: Delivery, context: OutboxContext): Promise<DeliveryResult | null>;
}

/** A message kind under its own payload type, as the registry holds every kind: the kind string picks it. */
export function messageKind<M extends OutboxMessage>(kind: MessageKind<M>): MessageKind {
  return kind as unknown as MessageKind;
}

/** Every kind this server sends, looked up by a row's channel or its message's kind. */
export class OutboxKinds {
  private readonly messages = new Map<string, MessageKind>();
  private readonly channels = new Map<string, ChannelKind>();

  constructor(registered: { channels: readonly ChannelKind[]; messages: readonly MessageKind[] }) {
    for (const channel of registered.channels) {
      if (this.channels.has(channel.channel)) throw new Error(`The channel "${channel.channel}" is registered twice`);
      this.channels.set(channel.channel, channel);
    }
    for (const kind of registered.messages) {
      if (this.messages.has(kind.kind)) throw new Error(`The message kind "${kind.kind}" is registered twice`);
      this.messages.set(kind.kind, kind);
    }
  }

  /** How the desk names a queued message; a kind this server does not know keeps its own name. */
  messageLabel = <M extends OutboxMessage>(message: M): string =>
    this.messages.get(message.kind)?.label(message) ?? `Message "${message.kind}"`;

  /** How the desk names a row among a lead's deliveries. */
  label = (delivery: Delivery): string =>
    delivery.message
      ? this.messageLabel(delivery.message)
      : (this.channels.get(delivery.channel)?.label ?? delivery.channel);

  /** Sends one row by its kind; null when its lead is gone. A kind nobody registered is a failed try, kept for a server that knows it. */
  async deliver(delivery: Delivery, context: OutboxContext): Promise<DeliveryResult | null> {
    const { message } = delivery;
    if (message === null) {
      const channel = this.channels.get(delivery.channel);
      if (!channel) return { ok: false, detail: `no channel "${delivery.channel}" is registered on this server` };
      return channel.deliver(delivery, context);
    }
    const kind = this.messages.get(message.kind);
    if (!kind) return { ok: false, detail: `no message kind "${message.kind}" is registered on this server` };
    const mail = await kind.compose(delivery, message, context);
    if (mail === null) return { ok: true, detail: 'nothing left to say when it was due, so not sent' };
    return context.send(mail);
  }
}

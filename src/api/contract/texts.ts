/**
 * Texts on the customer's phone as staff see them on an order (docs/messages.md): the channels, a
 * text's states, and one text with its number masked. Apart from ./messages so that the staff's
 * order page loads these few schemas without the texts' calls and the tracking link's views
 * (docs/architecture.md, "What a route loads"); ./messages exports them too.
 */
import * as z from 'zod/mini';

export const textChannels = ['sms', 'whatsapp'] as const;
export type TextChannel = (typeof textChannels)[number];

/** How a text stands: written with its event, handed to Termii, reported delivered, or given up or refused. */
export const textStates = ['queued', 'sent', 'delivered', 'failed'] as const;
export type TextState = (typeof textStates)[number];

/** One text of an order as staff see it: the number masked to its last 4 digits. */
export const orderText = z.object({
  channel: z.enum(textChannels),
  to: z.string(),
  template: z.string(),
  state: z.enum(textStates),
  at: z.string(),
});
export type OrderText = z.infer<typeof orderText>;

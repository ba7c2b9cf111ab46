/** The links a stop offers the crew: call, WhatsApp, and the address on a map. */

export const callLink = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** wa.me takes the number as digits only, with its country code. */
export const whatsappLink = (phone: string) => `https://wa.me/${phone.replace(/\D/g, '')}`;

export const mapLink = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

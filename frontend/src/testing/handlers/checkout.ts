import { HttpResponse, http } from '../server';

/** What a handler answers: the HTTP status and the JSON body. */
export type Reply = { status: number; body: Record<string, unknown> };

/** A checkout_url jsdom can follow: a hash change on the current document. */
export const fakeCheckoutUrl = () => new URL('#stripe-checkout', window.location.href).href;

/** The two checkout calls; each answers what the test says (default: fakeCheckoutUrl). */
export function checkoutHandlers({
  member = { status: 200, body: { checkout_url: fakeCheckoutUrl() } },
  guest = { status: 200, body: { checkout_url: fakeCheckoutUrl() } },
}: {
  member?: Reply;
  guest?: Reply;
} = {}) {
  return [
    http.post('/api/stripe/create-checkout-session', () => HttpResponse.json(member.body, { status: member.status })),
    http.post('/api/stripe/create-guest-checkout-session', () =>
      HttpResponse.json(guest.body, { status: guest.status }),
    ),
  ];
}

type Reply = { status: number; body: unknown };

const reply =
  ({ status, body }: Reply) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A checkout_url jsdom can follow: a hash change on the current document. */
export const fakeCheckoutUrl = () => new URL('#stripe-checkout', window.location.href).href;

/** The two checkout calls for a faked server; each answers what the test says (default: fakeCheckoutUrl). */
export function checkoutHandlers({
  member = { status: 200, body: { checkout_url: fakeCheckoutUrl() } },
  guest = { status: 200, body: { checkout_url: fakeCheckoutUrl() } },
}: {
  member?: Reply;
  guest?: Reply;
} = {}) {
  return {
    'POST /api/stripe/create-checkout-session': reply(member),
    'POST /api/stripe/create-guest-checkout-session': reply(guest),
  };
}

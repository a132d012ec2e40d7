import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { developerAppsHandlers, ownAppFixture } from '@/testing/handlers/developer-apps';
import { renderRoute } from '@/testing/render-route';
import { HttpResponse, http, serve } from '@/testing/server';

const listed = (id: string, name: string) => ({
  id,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  name,
  type: 'public',
  short_description: `${name} in a sentence`,
  category: 'Imaging & X-Ray',
  pricing_model: 'one_time',
  price: 99,
});

describe('developer marketplace (/dashboard/marketplace)', () => {
  it("lists the marketplace with the developer's own live apps first and highlighted, linking to their pages", async () => {
    const own = developerAppsHandlers({
      apps: [
        ownAppFixture({ id: 'mine', name: 'Xray Vision', is_approved: true }),
        ownAppFixture({ id: 'waiting', name: 'Smile Scheduler', is_approved: false }),
      ],
    });
    serve(
      accountsHandlers(),
      own.handlers,
      http.get('/api/marketplace/apps', () =>
        HttpResponse.json([listed('other', 'Perio Chart'), listed('mine', 'Xray Vision')]),
      ),
    );
    renderRoute('/dashboard/marketplace', { role: 'developer' });
    const first = within((await screen.findAllByRole('listitem', {}, { timeout: 15_000 }))[0] as HTMLElement);
    expect(first.getByText('Your App')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Xray Vision' }).getAttribute('href')).toBe('/marketplace/app/xray-vision');
    expect(screen.getByTestId('listing').textContent).toContain('Perio Chart');
    expect(await screen.findByText('1 of your apps live')).toBeTruthy();
    expect(screen.getByText('1 pending review')).toBeTruthy();
  });

  it('reads Free for a paid pricing model listed at $0 (granted free), as the marketplace does', async () => {
    serve(
      accountsHandlers(),
      developerAppsHandlers({ apps: [] }).handlers,
      http.get('/api/marketplace/apps', () =>
        HttpResponse.json([
          listed('paid', 'Perio Chart'),
          { ...listed('zero', 'Lab Bridge'), pricing_model: 'subscription', price: 0 },
        ]),
      ),
    );
    renderRoute('/dashboard/marketplace', { role: 'developer' });
    const items = await screen.findAllByRole('listitem', {}, { timeout: 15_000 });
    const card = (name: string) => within(items.find((i) => i.textContent?.includes(name)) as HTMLElement);
    expect(card('Perio Chart').getByText('$99.00')).toBeTruthy();
    expect(card('Lab Bridge').getByText('Free')).toBeTruthy();
    expect(card('Lab Bridge').queryByText('$0.00')).toBeNull();
  });
});

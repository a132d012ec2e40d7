import { MSG } from '@shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminCategory } from '@/features/admin-categories/types';
import { categoryHandlers } from '@/testing/handlers/categories';
import { categoryFixture } from '@/testing/handlers/developer-apps';
import { renderRoute } from '@/testing/render-screen';
import { calls, failing, type Handlers, serve } from '@/testing/server';
import { columnHeaders } from '@/testing/table';
import AdminCategories from './categories';

const category = (c: Partial<AdminCategory> & Pick<AdminCategory, 'id' | 'slug' | 'name'>): AdminCategory =>
  categoryFixture(c.name, c);

const seed = () => [
  category({
    id: 'c-marketing',
    slug: 'marketing',
    name: 'Marketing',
    display_order: 2,
    app_count: 3,
    icon: 'LuMegaphone',
  }),
  category({ id: 'c-patients', slug: 'patient-management', name: 'Patient Management', display_order: 1 }),
  category({ id: 'c-other', slug: 'other', name: 'Other', display_order: 9, is_active: false }),
];

function renderAdmin(extra: Handlers = []) {
  const fake = categoryHandlers(seed());
  serve(fake.handlers, extra);
  renderRoute(<AdminCategories />, { path: '/admin/categories' });
  return { db: fake.db };
}

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent?.split(' · ')[0]);

const dialog = (name: RegExp | string) => screen.findByRole('dialog', { name });

// Dialog-heavy flows: generous timeout so a busy machine does not fail them.
describe('Admin category management', { timeout: 20_000 }, () => {
  it('lists every category in display order with its slug, icon and status', async () => {
    renderAdmin();
    await screen.findByText('Patient Management');
    expect(columnHeaders()).toEqual(['Order', 'Category', 'Slug', 'Icon', 'Status', 'Actions']);
    expect(rowNames()).toEqual(['Patient Management', 'Marketing', 'Other']);
    const other = within(screen.getByTestId('category-row-other'));
    expect(other.getByText('Inactive')).toBeTruthy();
    expect(within(screen.getByTestId('category-row-marketing')).getByText('LuMegaphone')).toBeTruthy();
  });

  it('derives the slug from the name until the slug is edited by hand, and creates with the defaults', async () => {
    renderAdmin();
    await userEvent.click(await screen.findByRole('button', { name: /Add Category/ }));
    const form = within(await dialog('Add Category'));
    const name = form.getByRole('textbox', { name: /Name/ });
    const slug = form.getByRole('textbox', { name: /Slug/ }) as HTMLInputElement;

    await userEvent.type(name, 'Sleep & TMJ');
    expect(slug.value).toBe('sleep--tmj');

    await userEvent.clear(slug);
    await userEvent.type(slug, 'sleep');
    await userEvent.type(name, ' Care');
    expect(slug.value).toBe('sleep');

    expect((form.getByRole('textbox', { name: /^Color$/ }) as HTMLInputElement).value).toBe('#3B82F6');
    await userEvent.clear(form.getByRole('spinbutton', { name: /Display order/ }));
    await userEvent.type(form.getByRole('spinbutton', { name: /Display order/ }), '7');
    await userEvent.click(form.getByRole('button', { name: 'Create Category' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('POST /api/admin/categories')[0]?.body).toEqual({
      name: 'Sleep & TMJ Care',
      slug: 'sleep',
      description: '',
      icon: 'LuLayoutGrid',
      color: '#3B82F6',
      display_order: 7,
      is_active: true,
    });
    await waitFor(() => expect(rowNames()).toContain('Sleep & TMJ Care'));
  });

  it('requires name and slug, and shows the server detail or the fallback when saving fails', async () => {
    renderAdmin(failing('POST /api/admin/categories', 500));
    await userEvent.click(await screen.findByRole('button', { name: /Add Category/ }));
    const form = within(await dialog('Add Category'));
    await userEvent.click(form.getByRole('button', { name: 'Create Category' }));
    // The server's schema and words: both fields say it.
    expect(form.getAllByText('Name and slug are required')).toHaveLength(2);
    expect(calls('POST')).toHaveLength(0);

    await userEvent.type(form.getByRole('textbox', { name: /Name/ }), 'Ortho');
    await userEvent.click(form.getByRole('button', { name: 'Create Category' }));
    expect(await form.findByText(MSG.failedSaveCategory)).toBeTruthy();
  });

  it("checks with the server's schema: a malformed slug shows on its field", async () => {
    renderAdmin();
    await userEvent.click(await screen.findByRole('button', { name: /Add Category/ }));
    const form = within(await dialog('Add Category'));
    await userEvent.type(form.getByRole('textbox', { name: /Name/ }), 'Ortho');
    const slug = form.getByRole('textbox', { name: /Slug/ });
    await userEvent.clear(slug);
    await userEvent.type(slug, 'Ortho Care!');
    await userEvent.click(form.getByRole('button', { name: 'Create Category' }));
    expect(await form.findByText('Slug may only contain lowercase letters, numbers and hyphens')).toBeTruthy();
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    expect(calls('POST')).toHaveLength(0);
  });

  it('edits a category keeping its slug while the name changes', async () => {
    renderAdmin();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Marketing' }));
    const form = within(await dialog('Edit Category'));
    await userEvent.click(form.getByRole('textbox', { name: /Name/ }));
    await userEvent.paste(' & Growth');
    expect((form.getByRole('textbox', { name: /Slug/ }) as HTMLInputElement).value).toBe('marketing');
    await userEvent.click(form.getByRole('checkbox', { name: 'Active' }));
    await userEvent.click(form.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('PUT /api/admin/categories/c-marketing')[0]?.body).toMatchObject({
      name: 'Marketing & Growth',
      slug: 'marketing',
      display_order: 2,
      is_active: false,
    });
  });

  it('deletes an empty category after confirmation', async () => {
    renderAdmin();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Patient Management' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(confirm.getByText(MSG.confirmDeleteCategory)).toBeTruthy();
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls('DELETE /api/admin/categories/c-patients')[0]?.query.get('reassign_to')).toBeNull();
    await waitFor(() => expect(rowNames()).toEqual(['Marketing', 'Other']));
  });

  it("offers to move the apps when the category still has some (409), defaulting to 'other'", async () => {
    renderAdmin();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Marketing' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));

    expect(await confirm.findByText('Category has 3 apps. Move them to another category first.')).toBeTruthy();
    const target = confirm.getByRole('combobox', { name: /Move its apps to/ }) as HTMLSelectElement;
    expect(target.value).toBe('other');
    expect(
      within(target)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Patient Management', 'Other']);

    await userEvent.click(confirm.getByRole('button', { name: 'Move apps and delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const deletes = calls('DELETE /api/admin/categories/c-marketing');
    expect(deletes.map((d) => d.query.get('reassign_to'))).toEqual([null, 'other']);
    await waitFor(() => expect(rowNames()).toEqual(['Patient Management', 'Other']));
  });

  it("shows 'Failed to delete category' when the delete fails without a detail", async () => {
    renderAdmin(failing('DELETE /api/admin/categories/:id', 500));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Patient Management' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await confirm.findByText(MSG.failedDeleteCategory)).toBeTruthy();
  });
});

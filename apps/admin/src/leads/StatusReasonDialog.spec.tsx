import '../../test/support/jsdom-setup';
import { DEFAULT_LEAD_STATUS_REASONS, type LeadSettings } from '@aipm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { aRegistration } from '../../test/support/leadFactories';
import { answerFetch, renderInAdmin } from '../../test/support/renderInAdmin';
import { RegistrationEdit } from '../registrations/RegistrationEdit';

const SLOW = { timeout: 5000 };
const SETTINGS: LeadSettings = { statusReasons: [...DEFAULT_LEAD_STATUS_REASONS, { code: 'old_reason', zh: '旧原因', en: 'Old reason', retired: true }] };
const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });

function renderLead(record: ReturnType<typeof aRegistration>, saved: object = record) {
  const calls = answerFetch({
    [`GET /api/registrations/${record.id}`]: ok(record),
    'GET /api/admin/lead-settings': ok(SETTINGS),
    // The page's follow-ups beside the form (ADR 073).
    [`GET /api/admin/follow-ups?leadType=registration&leadId=${record.id}`]: ok([]),
    [`PATCH /api/registrations/${record.id}`]: ok(saved),
  });
  renderInAdmin(
    <ResourceContextProvider value="registrations">
      <Routes>
        <Route path="/registrations/:id" element={<RegistrationEdit />} />
        <Route path="/registrations" element={<p>list page</p>} />
      </Routes>
    </ResourceContextProvider>,
    { at: `/registrations/${record.id}` },
  );
  return calls;
}

async function chooseStatus(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(await screen.findByRole('combobox', { name: /状态/ }, SLOW));
  await user.click(await screen.findByRole('option', { name: label }, SLOW));
}

describe('the reason dialog of a lead given up (docs/product/back-office.md#lead-follow-up)', () => {
  it('asks for a reason when 已流失 is chosen, then saves the status with the reason and the note', async () => {
    const record = aRegistration();
    const calls = renderLead(record, { ...record, status: 'lost', statusReason: 'budget', statusNote: '预算只有五千' });
    const user = userEvent.setup();

    await chooseStatus(user, '已流失');
    const dialog = await screen.findByRole('dialog', { name: '标记为「已流失」' }, SLOW);
    // Offered reasons only, in the settings' order; the retired one is not among them.
    const options = await within(dialog).findAllByRole('radio', {}, SLOW);
    expect(options.map((option) => option.closest('label')?.textContent)).toEqual(DEFAULT_LEAD_STATUS_REASONS.map((reason) => reason.zh));
    const confirm = within(dialog).getByRole('button', { name: '确定' });
    expect(confirm).toBeDisabled();

    await user.click(within(dialog).getByRole('radio', { name: '预算不足' }));
    await user.type(within(dialog).getByRole('textbox', { name: '补充说明（选填）' }), ' 预算只有五千 ');
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SLOW);
    expect(screen.getByTestId('lead-status-reason')).toHaveTextContent('原因：预算不足');

    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((call) => call.key.startsWith('PATCH'))).toBe(true), SLOW);
    expect(calls.find((call) => call.key.startsWith('PATCH'))!.body).toEqual({ status: 'lost', statusReason: 'budget', statusNote: '预算只有五千' });
    expect(await screen.findByText('list page', {}, SLOW)).toBeInTheDocument();
  });

  it('puts the status back when the dialog is cancelled, and sends nothing', async () => {
    const record = aRegistration({ status: 'contacted' });
    const calls = renderLead(record);
    const user = userEvent.setup();

    await chooseStatus(user, '无效');
    const dialog = await screen.findByRole('dialog', { name: '标记为「无效」' }, SLOW);
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SLOW);
    expect(screen.getByRole('combobox', { name: /状态/ })).toHaveTextContent('已联系');
    expect(screen.queryByTestId('lead-status-reason')).not.toBeInTheDocument();
    expect(calls.some((call) => call.key.startsWith('PATCH'))).toBe(false);
  });

  it('shows the reason of a lead given up by its label, a retired one too, and the first contact in the details', async () => {
    const record = aRegistration({ status: 'invalid', statusReason: 'old_reason', statusNote: '号码停机', firstContactedAt: '2025-08-13T08:05:00.000Z' });
    renderLead(record);

    const reason = await screen.findByTestId('lead-status-reason', {}, SLOW);
    await within(reason).findByText('原因：旧原因', {}, SLOW);
    expect(reason).toHaveTextContent('说明：号码停机');
    expect(within(screen.getByTestId('lead-details')).getByText('2025年08月13日 16:05')).toBeInTheDocument();
  });
});

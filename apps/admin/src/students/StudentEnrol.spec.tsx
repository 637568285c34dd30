import '../../test/support/jsdom-setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { aRegistration } from '../../test/support/leadFactories';
import { answerFetch, renderInAdmin } from '../../test/support/renderInAdmin';
import { RegistrationEdit } from '../registrations/RegistrationEdit';
import { StudentCreate } from './StudentForm';

const SLOW = { timeout: 5000 };
// A react-admin form typed into with user-event: well over the default on a loaded 2-core runner.
jest.setTimeout(60_000);

const lead = aRegistration();
const ENROL = `POST /api/registrations/${lead.id}/enrol`;

/** The lead's page and the add-student screen, as the back office routes them, over the real data provider. */
function renderFromLead(answers: Parameters<typeof answerFetch>[0], record = lead) {
  const calls = answerFetch({
    [`GET /api/registrations/${record.id}`]: { status: 200, body: { success: true, data: record } },
    // The form's 期次 choice: no cohort yet.
    [`GET /api/admin/cohorts?${new URLSearchParams({ filter: '{}', range: '[0,24]', sort: '["startDate","DESC"]' })}`]: {
      status: 200,
      body: { success: true, data: [] },
      headers: { 'Content-Range': 'cohorts 0-0/0' },
    },
    ...answers,
  });
  renderInAdmin(
    <Routes>
      <Route
        path="/registrations/:id"
        element={
          <ResourceContextProvider value="registrations">
            <RegistrationEdit />
          </ResourceContextProvider>
        }
      />
      <Route
        path="/students/create"
        element={
          <ResourceContextProvider value="students">
            <StudentCreate />
          </ResourceContextProvider>
        }
      />
      <Route path="/students/:id/show" element={<p>student card</p>} />
    </Routes>,
    { at: `/registrations/${record.id}` },
  );
  return calls;
}

describe('转为学员 (docs/product/students.md#enrol-a-lead)', () => {
  it("opens the add form filled with the lead's data and enrols it, leaving the masked phone to the API", async () => {
    const calls = renderFromLead({ [ENROL]: { status: 201, body: { success: true, message: '已转为学员', data: { id: 'new-student', name: '张三' } } } });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: '转为学员' }, SLOW));

    expect(await screen.findByText(/来自报名记录：张三/, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^姓名/ })).toHaveValue('张三');
    expect(screen.getByRole('textbox', { name: /^手机号码/ })).toHaveValue('138****5678');
    expect(screen.getByRole('textbox', { name: /^学校/ })).toHaveValue('中南大学');
    expect(screen.getByRole('textbox', { name: /^专业/ })).toHaveValue('计算机科学');
    await user.type(screen.getByRole('textbox', { name: /^备注/ }), '周末班');
    await user.click(screen.getByRole('button', { name: '保存' }));

    expect(await screen.findByText('student card', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('已转为学员', {}, SLOW)).toBeInTheDocument();
    const sent = calls.find((call) => call.key === ENROL)?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ name: '张三', email: 'zhangsan@example.cn', school: '中南大学', major: '计算机科学', status: 'active', notes: '周末班' });
    expect(sent).not.toHaveProperty('phone');
    expect(calls.map((call) => call.key)).not.toContain('POST /api/admin/students');
  });

  it('sends a phone typed over the masked one', async () => {
    const calls = renderFromLead({ [ENROL]: { status: 201, body: { success: true, data: { id: 'new-student' } } } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: '转为学员' }, SLOW));
    const phone = await screen.findByRole('textbox', { name: /^手机号码/ }, SLOW);
    await user.clear(phone);
    await user.type(phone, '13900001111');
    await user.click(screen.getByRole('button', { name: '保存' }));

    expect(await screen.findByText('student card', {}, SLOW)).toBeInTheDocument();
    expect(calls.find((call) => call.key === ENROL)?.body).toMatchObject({ phone: '13900001111' });
  });

  it('says so, with a link to the student, when the person is a student already', async () => {
    renderFromLead({
      [ENROL]: { status: 409, body: { success: false, code: 'ALREADY_ENROLLED', message: '此人已是学员，不能重复转为学员', existingId: 'existing-student' } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: '转为学员' }, SLOW));
    await user.click(await screen.findByRole('button', { name: '保存' }, SLOW));

    const link = await screen.findByRole('link', { name: '查看已有学员' }, SLOW);
    expect(link).toHaveAttribute('href', '/students/existing-student/show');
    expect(link.closest('[role="alert"]')).toHaveTextContent('此人已是学员，不能重复转为学员。');
    // The form stays, with what was filled in.
    expect(screen.getByRole('textbox', { name: /^姓名/ })).toHaveValue('张三');
  });

  it('links the student instead once the lead is enrolled', async () => {
    renderFromLead({}, aRegistration({ status: 'enrolled', studentId: 'the-student' }));
    expect(await screen.findByRole('link', { name: '查看学员' }, SLOW)).toHaveAttribute('href', '/students/the-student/show');
    expect(screen.queryByRole('link', { name: '转为学员' })).not.toBeInTheDocument();
  });
});

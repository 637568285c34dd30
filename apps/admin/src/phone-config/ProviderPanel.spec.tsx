import '../../test/support/jsdom-setup';
import { PHONE_PATHS } from '@aipm/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch, renderInAdmin } from '../../test/support/renderInAdmin';
import { ProviderPanel } from './ProviderPanel';

const SLOW = { timeout: 5000 };
const complete = { status: 200, body: { isValid: true, message: '配置完整', missingFields: [] } };

describe(ProviderPanel.name, () => {
  it('names the missing variables and keeps the tests disabled while the configuration is incomplete', async () => {
    answerFetch({
      [`GET ${PHONE_PATHS.aliyunConfig}`]: { status: 200, body: { isValid: false, message: '不完整', missingFields: ['ALIYUN_ACCESS_KEY_SECRET', 'PHONE_SALES_NUMBER'] } },
    });
    renderInAdmin(<ProviderPanel provider="aliyun" />);

    const status = await screen.findByTestId('phone-aliyun-status', {}, SLOW);
    expect(status).toHaveTextContent('配置不完整');
    expect(within(status).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['ALIYUN_ACCESS_KEY_SECRET', 'PHONE_SALES_NUMBER']);
    expect(screen.getByRole('button', { name: '测试连接' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '拨打测试电话' })).toBeDisabled();
  });

  it('tests the primary: 连接测试成功, then 电话测试失败 with the provider’s reason', async () => {
    const calls = answerFetch({
      [`GET ${PHONE_PATHS.aliyunConfig}`]: complete,
      [`POST ${PHONE_PATHS.aliyunTest}`]: { status: 200, body: { success: true, message: '连接测试成功：阿里云语音服务凭证有效' } },
      [`POST ${PHONE_PATHS.aliyunTestCall}`]: {
        status: 502,
        body: { success: false, code: 'ALIYUN_PHONE_TEST_FAILED', message: '电话测试失败：isv.BUSINESS_LIMIT_CONTROL: 触发流控' },
      },
    });
    const user = userEvent.setup();
    renderInAdmin(<ProviderPanel provider="aliyun" />);

    expect(await screen.findByTestId('phone-aliyun-status', {}, SLOW)).toHaveTextContent('配置完整');
    await user.click(screen.getByRole('button', { name: '测试连接' }));
    expect(await screen.findByText('连接测试成功', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '拨打测试电话' }));
    expect(await screen.findByText('电话测试失败：isv.BUSINESS_LIMIT_CONTROL: 触发流控', {}, SLOW)).toBeInTheDocument();
    expect(calls.map((call) => call.key)).toEqual(expect.arrayContaining([`POST ${PHONE_PATHS.aliyunTest}`, `POST ${PHONE_PATHS.aliyunTestCall}`]));
  });

  it('says the backup cannot call mainland numbers and answers its test with 测试成功', async () => {
    answerFetch({
      [`GET ${PHONE_PATHS.backupConfig}`]: complete,
      [`POST ${PHONE_PATHS.backupTest}`]: { status: 200, body: { success: true, message: '测试电话已通过备用线路拨出' } },
    });
    const user = userEvent.setup();
    renderInAdmin(<ProviderPanel provider="twilio" />);

    expect(screen.getByTestId('backup-mainland-note')).toHaveTextContent('不支持拨打中国大陆号码');
    await screen.findByTestId('phone-twilio-status', {}, SLOW);
    await user.click(screen.getByRole('button', { name: '发送测试电话' }));
    expect(await screen.findByText('测试成功：测试电话已通过备用线路拨出', {}, SLOW)).toBeInTheDocument();
  });
});

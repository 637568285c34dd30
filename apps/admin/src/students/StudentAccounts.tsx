import { StudentAccountKind, type StudentAccountResponse, type StudentResponse } from '@aipm/contracts';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Typography } from '@mui/material';
import { useId } from 'react';
import { useCreatePath, useGetList, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

import { ResetLinkButton } from './ResetLinkButton';

/**
 * The card's 工具账号 (docs/product/students.md#student-card): the student's accounts, tools and logins, each as
 * `{类型}：{账号}`, a 学员登录 with 生成重置链接 (ResetLinkButton), and 添加账号, which opens the account form with the
 * student chosen.
 */
export function StudentAccounts({ student }: { student: StudentResponse }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const headingId = useId();
  const { data: accounts = [], isPending } = useGetList<StudentAccountResponse>('student-accounts', {
    filter: { studentId: student.id },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'createdAt', order: 'ASC' },
  });
  const add = `${createPath({ resource: 'student-accounts', type: 'create' })}?source=${encodeURIComponent(JSON.stringify({ studentId: student.id }))}`;
  return (
    <Box component="section" sx={{ mt: 2 }} aria-labelledby={headingId} data-testid="student-accounts">
      <Typography id={headingId} variant="subtitle1" component="h2">
        {translate('aipm.students.sections.tools')}
      </Typography>
      {!isPending && accounts.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('aipm.students.tools.none')}
        </Typography>
      ) : null}
      {accounts.map((account) => (
        <Box key={account.id} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            {translate(`aipm.students.account_kind.${account.kind}`)}：{account.username}
            {account.status === 'active' ? null : ` (${translate(`aipm.students.account_status.${account.status}`)})`}
          </Typography>
          {/* Only a 学员登录 has a password to reset (a tool account is refused: RESET_LINK_NOT_FOR_TOOL_ACCOUNT). */}
          {account.kind === StudentAccountKind.StudentLogin ? <ResetLinkButton account={account} /> : null}
        </Box>
      ))}
      <Button component={Link} to={add} size="small" startIcon={<AddIcon />} sx={{ mt: 0.5 }}>
        {translate('aipm.students.tools.add')}
      </Button>
    </Box>
  );
}

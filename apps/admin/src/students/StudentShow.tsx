import { type StudentResponse, TOOL_ACCOUNT_FIELDS } from '@aipm/contracts';
import { Avatar, Box, Button, CardContent, Divider, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { DeleteButton, EditButton, Show, useRecordContext, useTranslate } from 'react-admin';
import { PaymentsSection } from './PaymentsSection';
import { StudentStatusBadge } from './StudentParts';

/** Round profile photo; the initial of the name when the image fails to load (spec §2 fallback). */
function Photo({ student }: { student: StudentResponse }) {
  const [failed, setFailed] = useState(false);
  const src = student.profilePhoto && !failed ? student.profilePhoto : undefined;
  return (
    <Avatar src={src} alt={student.name} sx={{ width: 64, height: 64 }} slotProps={{ img: { onError: () => setFailed(true) } }}>
      {student.name.slice(0, 1)}
    </Avatar>
  );
}

function Line({ label, value }: { label: string; value: string | null | undefined }) {
  const translate = useTranslate();
  if (!value) return null;
  return (
    <Typography variant="body2">
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {translate(label)}：
      </Box>
      {value}
    </Typography>
  );
}

function StudentCard() {
  const translate = useTranslate();
  const student = useRecordContext<StudentResponse>();
  if (!student) return null;
  const tools = TOOL_ACCOUNT_FIELDS.filter((field) => student[field]);
  return (
    <CardContent>
        <CardActions />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Photo student={student} />
          <Box>
            <Typography variant="h5" component="h1">
              {student.name}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography>{student.phone}</Typography>
              <StudentStatusBadge status={student.status} />
            </Stack>
          </Box>
        </Stack>
        <Line label="aipm.students.fields.email" value={student.email} />
        <Line label="aipm.students.fields.school" value={student.school} />
        <Line label="aipm.students.fields.major" value={student.major} />
        <Line label="aipm.students.fields.enrollmentDate" value={student.enrollmentDate} />
        <Line label="aipm.students.fields.graduationDate" value={student.graduationDate} />
        {tools.length > 0 ? (
          <Box component="section" sx={{ mt: 2 }} aria-label={translate('aipm.students.sections.tools')}>
            <Typography variant="subtitle1" component="h2">
              {translate('aipm.students.sections.tools')}
            </Typography>
            {tools.map((field) => (
              <Typography key={field} variant="body2">
                {translate(`aipm.students.tools.${field}`)}：{student[field]}
              </Typography>
            ))}
          </Box>
        ) : null}
        <Box component="section" sx={{ mt: 2 }} aria-label={translate('aipm.students.sections.files')}>
          <Typography variant="subtitle1" component="h2">
            {translate('aipm.students.sections.files')}
          </Typography>
          {student.contractFiles.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {translate('aipm.students.files.none')}
            </Typography>
          ) : (
            student.contractFiles.map((url, index) => (
              <Button key={url} size="small" href={url} target="_blank" rel="noopener noreferrer">
                {translate('aipm.students.files.view')} {index + 1}
              </Button>
            ))
          )}
        </Box>
        <Divider sx={{ my: 2 }} />
        <PaymentsSection student={student} />
        {student.notes ? (
          <>
            <Divider sx={{ my: 2 }} />
            <Line label="aipm.students.fields.notes" value={student.notes} />
          </>
        ) : null}
    </CardContent>
  );
}

/** Inside the card: on the page's grey background the primary-coloured buttons fall under 4.5:1 contrast. */
function CardActions() {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mb: 1 }}>
      <EditButton />
      <DeleteButton mutationMode="pessimistic" />
    </Stack>
  );
}

export function StudentShow() {
  return (
    <Show actions={false}>
      <StudentCard />
    </Show>
  );
}

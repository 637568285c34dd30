import { attendanceRate, STUDENT_PATHS, type StudentResponse } from '@aipm/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, CardContent, Divider, Stack, Typography } from '@mui/material';
import { DeleteButton, EditButton, Link, ReferenceField, Show, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { RevealablePhone } from '../people/RevealablePhone';
import { PaymentsSection } from './PaymentsSection';
import { ContractFiles } from './CardFiles';
import { GraduationLine, OutcomesSection } from './OutcomesSection';
import { ProfilePhoto } from './StudentFiles';
import { StudentAccounts } from './StudentAccounts';
import { StudentStatusBadge } from './StudentParts';
import { PersonPageButton } from '../people/PersonLinks';

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

/** 来源: the lead the student was enrolled from (docs/product/students.md#enrol-a-lead), linked; nothing when added by hand. */
function EnrolledFromLine({ student }: { student: StudentResponse }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const lead = student.enrolledFrom;
  if (!lead) return null;
  return (
    <Typography variant="body2">
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {translate('aipm.students.enrol.source')}：
      </Box>
      <Link to={createPath({ resource: lead.resource === 'contact' ? 'messages' : 'registrations', id: lead.id, type: 'edit' })}>
        {translate(`aipm.students.enrol.source_kind.${lead.resource}`)}
      </Link>
    </Typography>
  );
}

function StudentCard() {
  const translate = useTranslate();
  const student = useRecordContext<StudentResponse>();
  if (!student) return null;
  return (
    // Room under the payments form on phones, so it scrolls clear of the toast that opens at the bottom.
    <CardContent sx={{ pb: { xs: 10, sm: 2 } }}>
        <CardActions student={student} />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <ProfilePhoto student={student} />
          <Box>
            <Typography variant="h5" component="h1">
              {student.name}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography component="div">
                <RevealablePhone phone={student.phone} resource="students" id={student.id} />
              </Typography>
              <StudentStatusBadge status={student.status} />
            </Stack>
          </Box>
        </Stack>
        <Line label="aipm.students.fields.email" value={student.email} />
        <Line label="aipm.students.fields.school" value={student.school} />
        <Line label="aipm.students.fields.major" value={student.major} />
        <Line label="aipm.students.fields.enrollmentDate" value={student.enrollmentDate} />
        <Line label="aipm.students.fields.graduationDate" value={student.graduationDate} />
        <GraduationLine student={student} />
        <EnrolledFromLine student={student} />
        {student.attendance && attendanceRate(student.attendance) !== null ? (
          <Line
            label="aipm.students.attendance.rate"
            value={translate('aipm.students.attendance.rate_value', { rate: attendanceRate(student.attendance), attended: student.attendance.attended, marked: student.attendance.marked })}
          />
        ) : null}
        {student.cohortId ? (
          <Typography variant="body2">
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {translate('aipm.students.fields.cohort')}：
            </Box>
            <ReferenceField source="cohortId" reference="cohorts" link="edit" />
          </Typography>
        ) : null}
        <StudentAccounts student={student} />
        <ContractFiles student={student} />
        <Divider sx={{ my: 2 }} />
        <PaymentsSection student={student} />
        <Divider sx={{ my: 2 }} />
        <OutcomesSection student={student} />
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
function CardActions({ student }: { student: StudentResponse }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, mb: 1 }}>
      {/* PIPL: everything stored about the student, as a JSON download (the API's export route). */}
      <Button size="small" startIcon={<DownloadIcon />} href={`${STUDENT_PATHS.students}/${student.id}/export`} download>
        {translate('aipm.students.export')}
      </Button>
      <PersonPageButton />
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

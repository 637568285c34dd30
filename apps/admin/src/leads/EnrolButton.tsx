import type { ContactMessageResponse, EnrolledFrom, RegistrationResponse } from '@aipm/contracts';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SchoolIcon from '@mui/icons-material/School';
import { Button } from '@mui/material';
import { useCreatePath, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
// react-router's Link holds a ref, as MUI's `component` needs (react-admin's does not).
import { Link } from 'react-router-dom';

/** What the add-student screen reads from the page's location state when it enrols a lead (StudentForm.tsx). */
export interface EnrolState {
  enrolFrom: EnrolledFrom;
  /** The lead's name, for the screen's "from …" line. */
  leadName: string;
  /** The form's first values: the lead's data, the phone masked as the API sends it. */
  record: Record<string, string | null>;
}

/**
 * 转为学员 on a lead's page: the add-student screen filled with the lead's data (docs/product/students.md#enrol-a-lead).
 * Once the lead is a student, 查看学员 opens that student instead.
 */
export function EnrolButton() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const resource = useResourceContext();
  const lead = useRecordContext<RegistrationResponse | ContactMessageResponse>();
  if (!lead) return null;
  if (lead.studentId) {
    return (
      <Button size="small" component={Link} to={createPath({ resource: 'students', id: lead.studentId, type: 'show' })} startIcon={<SchoolIcon />}>
        {translate('aipm.leads.enrol.view_student')}
      </Button>
    );
  }
  const state: EnrolState = {
    enrolFrom: { resource: resource === 'messages' ? 'contact' : 'registrations', id: lead.id },
    leadName: lead.name,
    record: {
      name: lead.name,
      phone: lead.phone,
      email: lead.email,
      ...('school' in lead ? { school: lead.school, major: lead.major } : {}),
    },
  };
  return (
    <Button size="small" component={Link} to={createPath({ resource: 'students', type: 'create' })} state={state} startIcon={<PersonAddIcon />}>
      {translate('aipm.leads.enrol.button')}
    </Button>
  );
}

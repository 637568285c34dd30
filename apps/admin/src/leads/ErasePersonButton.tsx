import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useRecordContext, useRedirect, useResourceContext, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../data/dataProvider';
import { personResourceOf } from '../people/personResource';

interface PersonRecord {
  id: string;
  name: string;
  phone: string;
  email: string | null;
}

/**
 * PIPL erasure from a lead's page: every registration and consultation message with this lead's phone or
 * email goes, after a confirmation naming whose data it is.
 */
export function ErasePersonButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  const record = useRecordContext<PersonRecord>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  if (!record) return null;

  const erase = async () => {
    setPending(true);
    try {
      // useDataProvider routes a 401 to the authProvider like every other call.
      // The record names the person: its phone is masked here (PIPL), the API reads the stored one.
      const erased = await dataProvider.erasePerson({ resource: personResourceOf(resource ?? ''), id: record.id });
      notify('aipm.leads.erase.success', { type: 'success', messageArgs: { registrations: erased.registrations, messages: erased.messages, students: erased.students } });
      redirect('list', resource);
    } catch (error) {
      notify('aipm.leads.erase.failed', { type: 'error', messageArgs: { message: error instanceof Error ? translate(error.message, { _: error.message }) : String(error) } });
    } finally {
      setPending(false);
      setOpen(false);
    }
  };
  const who = [record.name, record.phone, record.email].filter(Boolean).join('，');
  return (
    <>
      <Button color="error" size="small" startIcon={<PersonRemoveIcon />} onClick={() => setOpen(true)}>
        {translate('aipm.leads.erase.button')}
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title="aipm.leads.erase.title"
        content="aipm.leads.erase.content"
        contentTranslateOptions={{ who }}
        confirm="aipm.leads.erase.confirm"
        confirmColor="warning"
        onConfirm={() => void erase()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

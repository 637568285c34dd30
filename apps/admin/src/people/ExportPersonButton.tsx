import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../data/dataProvider';
import { personResourceOf } from './personResource';

/** Hands the browser a JSON file: an object URL on a link it clicks, released once the download has started. */
function download(fileName: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'application/json;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * PIPL copy request from a lead's or a student's page: every registration, message, consent, new-lead call and
 * student record of the person this record names, as one JSON file (the API finds them by phone and email).
 */
export function ExportPersonButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const resource = personResourceOf(useResourceContext() ?? '');
  const record = useRecordContext<{ id: string }>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [pending, setPending] = useState(false);
  if (!record || !resource) return null;

  const exportPerson = async () => {
    setPending(true);
    try {
      const { fileName, data } = await dataProvider.exportPerson({ resource, id: record.id });
      download(fileName, JSON.stringify(data, null, 2));
      notify('aipm.people.export.success', {
        type: 'success',
        messageArgs: { file: fileName, registrations: data.registrations.length, messages: data.messages.length, students: data.students.length },
      });
    } catch (error) {
      notify('aipm.people.export.failed', { type: 'error', messageArgs: { message: error instanceof Error ? translate(error.message, { _: error.message }) : String(error) } });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={() => void exportPerson()} disabled={pending}>
      {translate('aipm.people.export.button')}
    </Button>
  );
}

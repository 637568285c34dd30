import { type ConfirmUploadResponse, type ContractResponse, STUDENT_LIMITS, type StudentFileResponse } from '@aipm/contracts';
import { Box, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useCreate, useGetList, useInput, useRecordContext, useTranslate } from 'react-admin';
import { FileRow, useRemoveFile } from './CardFiles';
import { PickFilesButton } from './StudentFiles';
import { useStudentUpload } from './useStudentUpload';

/** The control's frame: its label, the files (children), the upload button and the hint, for new and saved contracts alike. */
function Field({ hint, uploading, onFiles, children }: { hint: string; uploading: boolean; onFiles: (files: File[]) => void; children: React.ReactNode }) {
  const translate = useTranslate();
  const labelId = useId();
  return (
    <Box role="group" aria-labelledby={labelId} sx={{ mb: 2 }} data-testid="contract-file-field">
      <Typography id={labelId} variant="body2" color="text.secondary">
        {translate('aipm.students.contract_file.label')}
      </Typography>
      {children}
      <PickFilesButton
        kind="contract"
        multiple
        disabled={uploading}
        label={translate(uploading ? 'aipm.students.upload.uploading' : 'aipm.students.contract_file.upload')}
        onFiles={onFiles}
        testId="contract-form-file-input"
      />
      <Typography variant="caption" color="text.secondary">
        {translate(hint)}
      </Typography>
    </Box>
  );
}

/** A file uploaded on the create form, shown like a saved one until the contract is saved. */
const pending = (upload: ConfirmUploadResponse): StudentFileResponse => ({
  id: upload.accessURL,
  studentId: '',
  contractId: null,
  outcomeId: null,
  accessURL: upload.accessURL,
  originalName: upload.originalName,
  size: upload.size,
  contentType: null,
  createdAt: '',
});

/**
 * A new contract's files (docs/product/students.md#contract-form): uploaded by the three-step upload and kept in the
 * form (`files`, their access URLs) until 保存, which makes them the contract's. One taken off before then is swept
 * with the other unsaved uploads after a day.
 */
function NewContractFiles() {
  const translate = useTranslate();
  const { field } = useInput<string[] | undefined>({ source: 'files' });
  const [uploads, setUploads] = useState<ConfirmUploadResponse[]>([]);
  const keep = (next: ConfirmUploadResponse[]) => {
    setUploads(next);
    field.onChange(next.map((upload) => upload.accessURL));
  };
  const { upload, uploading } = useStudentUpload('contract', async (added) => keep([...uploads, ...added]));
  return (
    <Field hint="aipm.students.contract_file.hint" uploading={uploading} onFiles={(files) => void upload(files)}>
      {uploads.length === 0 ? <Typography variant="body2">{translate('aipm.students.contract_file.none')}</Typography> : null}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {uploads.map((item) => (
          <FileRow
            key={item.accessURL}
            file={pending(item)}
            busy={uploading}
            removeLabel="aipm.students.contract_file.remove"
            onRemove={() => keep(uploads.filter((other) => other.accessURL !== item.accessURL))}
          />
        ))}
      </Box>
    </Field>
  );
}

/**
 * A saved contract's files: an upload is saved as the contract's file at once, a delete (behind the card's confirm)
 * removes it from storage at once; the card shows the same files (docs/product/students.md#contract-files).
 */
function SavedContractFiles({ contract }: { contract: ContractResponse }) {
  const translate = useTranslate();
  const files = useGetList<StudentFileResponse>('student-files', {
    filter: { contractId: contract.id },
    pagination: { page: 1, perPage: STUDENT_LIMITS.contractFiles },
    sort: { field: 'createdAt', order: 'ASC' },
  });
  const [create] = useCreate<StudentFileResponse>();
  const removal = useRemoveFile(() => files.refetch());
  const { upload, uploading } = useStudentUpload('contract', async (added) => {
    try {
      for (const { accessURL } of added) await create('student-files', { data: { studentId: contract.studentId, contractId: contract.id, accessURL } }, { returnPromise: true });
    } finally {
      await files.refetch();
    }
  });
  const list = files.data ?? [];
  return (
    <Field hint="aipm.students.contract_file.hint_saved" uploading={uploading} onFiles={(picked) => void upload(picked)}>
      {!files.isPending && list.length === 0 ? <Typography variant="body2">{translate('aipm.students.contract_file.none')}</Typography> : null}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {list.map((file) => (
          <FileRow key={file.id} file={file} busy={uploading || removal.removing} onRemove={() => removal.ask(file)} />
        ))}
      </Box>
      {removal.dialog}
    </Field>
  );
}

/** The contract form's file control: the files of the contract (docs/product/students.md#contract-form). */
export function ContractFilesInput({ creating }: { creating: boolean }) {
  const contract = useRecordContext<ContractResponse>();
  if (creating || !contract) return <NewContractFiles />;
  return <SavedContractFiles contract={contract} />;
}

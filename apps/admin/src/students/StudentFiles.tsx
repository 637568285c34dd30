import { type StudentResponse, uploadAccept, type UploadKind } from '@aipm/contracts';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import DeleteIcon from '@mui/icons-material/Delete';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import { type ChangeEvent, type DragEvent, useId, useRef, useState } from 'react';
import { Confirm, useNotify, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { useStudentUpload } from './useStudentUpload';

/**
 * The fallback image of docs/product/students.md#profile-photo: a neutral silhouette, inline so it shows even when
 * the store cannot be reached.
 */
export const PHOTO_FALLBACK =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#e0e0e0"/><circle cx="32" cy="25" r="12" fill="#9e9e9e"/><path d="M10 60c2-13 11-19 22-19s20 6 22 19z" fill="#9e9e9e"/></svg>',
  );

/** Saves a change of the student's file fields and reloads the card. */
function useSaveStudent(student: StudentResponse) {
  const [update] = useUpdate<StudentResponse>();
  const refresh = useRefresh();
  return async (data: Partial<Pick<StudentResponse, 'profilePhoto' | 'contractFiles'>>) => {
    await update('students', { id: student.id, data, previousData: student }, { mutationMode: 'pessimistic', returnPromise: true });
    refresh();
  };
}

/** A button that opens the file picker of a hidden input (a real button: a label styled as one is no button to axe or a screen reader). */
export function PickFilesButton({
  kind,
  multiple,
  label,
  disabled,
  onFiles,
  testId = `${kind}-file-input`,
}: {
  kind: UploadKind;
  multiple: boolean;
  label: string;
  disabled: boolean;
  onFiles: (files: File[]) => void;
  testId?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The same file may be picked again after a failure.
    event.target.value = '';
    onFiles(files);
  };
  return (
    <>
      <Button size="small" variant="outlined" startIcon={<CloudUploadIcon />} disabled={disabled} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <input ref={input} type="file" hidden tabIndex={-1} accept={uploadAccept(kind)} multiple={multiple} onChange={onChange} data-testid={testId} />
    </>
  );
}

/**
 * The round profile photo (docs/product/students.md#profile-photo) with the fallback image when it fails to load, and
 * its upload.
 */
export function ProfilePhoto({ student }: { student: StudentResponse }) {
  const translate = useTranslate();
  const save = useSaveStudent(student);
  const { upload, uploading } = useStudentUpload('photo', ([accessURL]) => save({ profilePhoto: accessURL ?? null }));
  // Keyed by the URL: a new photo gets a fresh chance to load.
  const [failedUrl, setFailedUrl] = useState<string>();
  const src = student.profilePhoto && failedUrl !== student.profilePhoto ? student.profilePhoto : PHOTO_FALLBACK;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'center' }}>
      {/* A plain img rather than MUI's Avatar, which swaps a failed image for its own icon before onError runs. */}
      <Box
        component="img"
        src={src}
        alt={student.name}
        onError={() => setFailedUrl(student.profilePhoto ?? undefined)}
        sx={{ width: 72, height: 72, borderRadius: '50%', objectFit: 'cover', bgcolor: 'grey.200' }}
        data-testid="student-photo"
      />
      <PickFilesButton
        kind="photo"
        multiple={false}
        disabled={uploading}
        label={translate(uploading ? 'aipm.students.upload.uploading' : student.profilePhoto ? 'aipm.students.photo.change' : 'aipm.students.photo.upload')}
        onFiles={(files) => void upload(files.slice(0, 1))}
      />
    </Stack>
  );
}

/**
 * The card's contract files (docs/product/students.md#contract-files): a view button per file that opens it in a new
 * window (the admin-only file route answers a short-lived signed URL), and the upload by picker or drag and drop.
 */
export function ContractFiles({ student }: { student: StudentResponse }) {
  const translate = useTranslate();
  const headingId = useId();
  const save = useSaveStudent(student);
  const { upload, uploading } = useStudentUpload('contract', (accessURLs) => save({ contractFiles: [...student.contractFiles, ...accessURLs] }));
  const [dragging, setDragging] = useState(false);
  const notify = useNotify();
  const [toRemove, setToRemove] = useState<number>();
  const [removing, setRemoving] = useState(false);
  // Taken off the card by its place in the list; the API then deletes it from storage unless a contract of
  // the student still uses it.
  const removeFile = async () => {
    if (toRemove === undefined) return;
    setRemoving(true);
    try {
      await save({ contractFiles: student.contractFiles.filter((_, index) => index !== toRemove) });
      notify('aipm.students.files.removed', { type: 'success' });
      setToRemove(undefined);
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'aipm.students.files.remove_failed', { type: 'error' });
    } finally {
      setRemoving(false);
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) void upload(Array.from(event.dataTransfer.files));
  };
  return (
    <Box component="section" sx={{ mt: 2 }} aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h2">
        {translate('aipm.students.sections.files')}
      </Typography>
      {student.contractFiles.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('aipm.students.files.none')}
        </Typography>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="contract-files">
          {student.contractFiles.map((url, index) => (
            <Box key={url} sx={{ display: 'inline-flex', alignItems: 'center' }}>
              <Button size="small" href={url} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNewIcon />}>
                {translate('aipm.students.files.view')} {index + 1}
              </Button>
              <IconButton size="small" aria-label={translate('aipm.students.files.remove', { index: index + 1 })} disabled={removing} onClick={() => setToRemove(index)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Stack>
      )}
      <Confirm
        isOpen={toRemove !== undefined}
        loading={removing}
        title="aipm.students.files.confirm_remove_title"
        content="aipm.students.files.confirm_remove"
        translateOptions={{ index: (toRemove ?? 0) + 1 }}
        onConfirm={() => void removeFile()}
        onClose={() => setToRemove(undefined)}
      />
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{ mt: 1, p: 1.5, border: '1px dashed', borderColor: dragging ? 'primary.main' : 'divider', borderRadius: 1, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
        data-testid="contract-drop-zone"
      >
        <PickFilesButton
          kind="contract"
          multiple
          disabled={uploading}
          label={translate(uploading ? 'aipm.students.upload.uploading' : 'aipm.students.files.upload')}
          onFiles={(files) => void upload(files)}
        />
        <Typography variant="body2" color="text.secondary">
          {translate('aipm.students.files.drop')}
        </Typography>
      </Box>
    </Box>
  );
}

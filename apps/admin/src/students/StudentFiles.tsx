import { type StudentResponse, uploadAccept, type UploadKind } from '@aipm/contracts';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Box, Button, Stack } from '@mui/material';
import { type ChangeEvent, useRef, useState } from 'react';
import { useRefresh, useTranslate, useUpdate } from 'react-admin';
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

/** Saves a change of the student's photo and reloads the card. */
function useSaveStudent(student: StudentResponse) {
  const [update] = useUpdate<StudentResponse>();
  const refresh = useRefresh();
  return async (data: Partial<Pick<StudentResponse, 'profilePhoto'>>) => {
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
  const { upload, uploading } = useStudentUpload('photo', ([photo]) => save({ profilePhoto: photo?.accessURL ?? null }));
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

import { ContractStatus, type ContractResponse, STUDENT_LIMITS, type StudentFileResponse, type StudentResponse } from '@aipm/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, IconButton, MenuItem, TextField, Typography } from '@mui/material';
import { type DragEvent, useId, useState } from 'react';
import { Confirm, useCreate, useDelete, useGetList, useNotify, useTranslate, useUpdate } from 'react-admin';
import { PickFilesButton } from './StudentFiles';
import { useStudentUpload } from './useStudentUpload';

/** The value of the 其他文件 choice in the upload and move selects (a contract's is its id). */
const OTHER = 'other';

/** A student's files (at most 50: one page) but an outcome's evidence, and contracts, oldest first, and how to reload them. */
function useStudentRecordFiles(studentId: string) {
  const files = useGetList<StudentFileResponse>('student-files', {
    filter: { studentId },
    pagination: { page: 1, perPage: STUDENT_LIMITS.contractFiles },
    sort: { field: 'createdAt', order: 'ASC' },
  });
  const contracts = useGetList<ContractResponse>('contracts', { filter: { studentId }, pagination: { page: 1, perPage: 100 }, sort: { field: 'createdAt', order: 'ASC' } });
  // An outcome's evidence is listed under its outcome (OutcomesSection), not here.
  return { files: (files.data ?? []).filter((file) => !file.outcomeId), contracts: contracts.data ?? [], loaded: !files.isPending && !contracts.isPending, refetch: () => Promise.all([files.refetch(), contracts.refetch()]) };
}

/** The upload's default place (docs/product/students.md#contract-files): the only active contract, else 其他文件. */
export function defaultDestination(contracts: readonly ContractResponse[]): string {
  const active = contracts.filter((contract) => contract.status === ContractStatus.Active);
  return active.length === 1 ? active[0]!.id : OTHER;
}

/**
 * One file: its original name, 查看 (opens it in a new window through the admin-only file route), a move select when
 * `places` are given, and a delete button.
 */
export function FileRow({
  file,
  places,
  busy,
  onMove,
  onRemove,
  removeLabel = 'aipm.students.files.remove',
}: {
  file: StudentFileResponse;
  places?: Array<{ id: string; name: string }>;
  busy: boolean;
  onMove?: (contractId: string | null) => void;
  onRemove: () => void;
  removeLabel?: string;
}) {
  const translate = useTranslate();
  const name = file.originalName;
  return (
    <Box component="li" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, py: 0.25 }} data-testid="student-file">
      <Typography variant="body2" sx={{ wordBreak: 'break-all', minWidth: 0, flex: '1 1 10rem' }}>
        {name}
      </Typography>
      <Button size="small" href={file.accessURL} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNewIcon />} aria-label={translate('aipm.students.files.view_named', { name })}>
        {translate('aipm.students.files.view')}
      </Button>
      {places && onMove ? (
        <TextField
          select
          size="small"
          label={translate('aipm.students.files.move', { name })}
          value={file.contractId ?? OTHER}
          disabled={busy}
          onChange={(event) => onMove(event.target.value === OTHER ? null : event.target.value)}
          sx={{ minWidth: 160, maxWidth: '100%' }}
        >
          {places.map((place) => (
            <MenuItem key={place.id} value={place.id}>
              {place.name}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <IconButton size="small" aria-label={translate(removeLabel, { name })} disabled={busy} onClick={onRemove}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

/** Deletes a student file behind the confirm of docs/product/students.md#contract-files; the hook's dialog and trigger. */
export function useRemoveFile(onRemoved: () => unknown) {
  const notify = useNotify();
  const [remove] = useDelete<StudentFileResponse>();
  const [toRemove, setToRemove] = useState<StudentFileResponse>();
  const [removing, setRemoving] = useState(false);
  const confirmed = async () => {
    if (!toRemove) return;
    setRemoving(true);
    try {
      await remove('student-files', { id: toRemove.id, previousData: toRemove }, { mutationMode: 'pessimistic', returnPromise: true });
      notify('aipm.students.files.removed', { type: 'success' });
      setToRemove(undefined);
      await onRemoved();
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'aipm.students.files.remove_failed', { type: 'error' });
    } finally {
      setRemoving(false);
    }
  };
  const dialog = (
    <Confirm
      isOpen={toRemove !== undefined}
      loading={removing}
      title="aipm.students.files.confirm_remove_title"
      content="aipm.students.files.confirm_remove"
      translateOptions={{ name: toRemove?.originalName ?? '' }}
      onConfirm={() => void confirmed()}
      onClose={() => setToRemove(undefined)}
    />
  );
  return { ask: setToRemove, removing, dialog };
}

/**
 * The card's files (docs/product/students.md#contract-files), grouped: each contract (合同编号 · 课程名称) with its
 * files, then 其他文件. A file is shown by its original name, opened with 查看, moved between the student's contracts
 * and 其他文件, deleted behind a confirm. The upload asks where the files go.
 */
export function ContractFiles({ student }: { student: StudentResponse }) {
  const translate = useTranslate();
  const notify = useNotify();
  const headingId = useId();
  const { files, contracts, loaded, refetch } = useStudentRecordFiles(student.id);
  const [create] = useCreate<StudentFileResponse>();
  const [update] = useUpdate<StudentFileResponse>();
  const [moving, setMoving] = useState(false);
  const removal = useRemoveFile(refetch);
  const [chosen, setChosen] = useState<string>();
  const destination = chosen && (chosen === OTHER || contracts.some((contract) => contract.id === chosen)) ? chosen : defaultDestination(contracts);
  const { upload, uploading } = useStudentUpload('contract', async (uploads) => {
    try {
      for (const { accessURL } of uploads) {
        await create('student-files', { data: { studentId: student.id, contractId: destination === OTHER ? null : destination, accessURL } }, { returnPromise: true });
      }
    } finally {
      await refetch();
    }
  });
  const [dragging, setDragging] = useState(false);

  const contractName = (contract: ContractResponse) => translate('aipm.students.files.contract', { number: contract.contractNumber, course: contract.courseName });
  const places = [...contracts.map((contract) => ({ id: contract.id, name: contractName(contract) })), { id: OTHER, name: translate('aipm.students.files.other') }];
  const move = async (file: StudentFileResponse, contractId: string | null) => {
    setMoving(true);
    try {
      await update('student-files', { id: file.id, data: { contractId }, previousData: file }, { mutationMode: 'pessimistic', returnPromise: true });
      notify('aipm.students.files.moved', { type: 'success' });
      await refetch();
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'aipm.students.files.move_failed', { type: 'error' });
    } finally {
      setMoving(false);
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) void upload(Array.from(event.dataTransfer.files));
  };
  const groups = [
    ...contracts.map((contract) => ({ id: contract.id, name: contractName(contract), files: files.filter((file) => file.contractId === contract.id) })),
    { id: OTHER, name: translate('aipm.students.files.other'), files: files.filter((file) => !file.contractId || !contracts.some((contract) => contract.id === file.contractId)) },
  ].filter((group) => group.id !== OTHER || group.files.length > 0);
  const busy = moving || removal.removing;

  return (
    <Box component="section" sx={{ mt: 2 }} aria-labelledby={headingId} data-testid="contract-files">
      <Typography id={headingId} variant="subtitle1" component="h2">
        {translate('aipm.students.sections.files')}
      </Typography>
      {loaded && groups.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('aipm.students.files.none')}
        </Typography>
      ) : null}
      {groups.map((group) => (
        <Box key={group.id} sx={{ mt: 1 }} data-testid={group.id === OTHER ? 'file-group-other' : `file-group-${group.id}`}>
          <Typography variant="body2" component="h3" sx={{ fontWeight: 600 }}>
            {group.name}
          </Typography>
          {group.files.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {translate('aipm.students.files.group_empty')}
            </Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {group.files.map((file) => (
                <FileRow key={file.id} file={file} places={places} busy={busy} onMove={(contractId) => void move(file, contractId)} onRemove={() => removal.ask(file)} />
              ))}
            </Box>
          )}
        </Box>
      ))}
      {removal.dialog}
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
        <TextField
          select
          size="small"
          label={translate('aipm.students.files.destination')}
          value={destination}
          onChange={(event) => setChosen(event.target.value)}
          sx={{ minWidth: 180, maxWidth: '100%' }}
          data-testid="upload-destination"
        >
          {places.map((place) => (
            <MenuItem key={place.id} value={place.id}>
              {place.name}
            </MenuItem>
          ))}
        </TextField>
        <PickFilesButton
          kind="contract"
          multiple
          disabled={uploading}
          label={translate(uploading ? 'aipm.students.upload.uploading' : 'aipm.students.files.upload')}
          onFiles={(picked) => void upload(picked)}
        />
        <Typography variant="body2" color="text.secondary">
          {translate('aipm.students.files.drop')}
        </Typography>
      </Box>
    </Box>
  );
}

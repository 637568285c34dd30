import { formatDateTime, type LandingContent, LANDING_CONTENT_FIELDS, LANDING_CONTENT_PATHS, LANDING_IMAGE_RULES, LANDING_LANGUAGES, type LandingField, type LandingImage, landingContentFailures, type LandingPublicationSummary } from '@aipm/contracts';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { HttpError, Title, useLocaleState, useNotify, useTranslate } from 'react-admin';

import { LANDING_DRAFT_QUERY_KEY, LANDING_PUBLICATIONS_QUERY_KEY, useLandingContentApi } from './landingContentApi';

type Errors = Readonly<Record<string, string>>;
type Value = unknown;

/** The path's value replaced, the rest of the tree kept (the editor's state is never mutated). */
function replaced(tree: Value, path: readonly string[], value: Value): Value {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(tree)) return tree.map((item, index) => (String(index) === head ? replaced(item, rest, value) : item));
  const record = tree as Record<string, Value>;
  return { ...record, [head]: replaced(record[head], rest, value) };
}

/** An empty value of a field, for a list's new item. */
function emptyOf(field: LandingField): Value {
  switch (field.kind) {
    case 'text':
      return { zh: '', en: '' };
    case 'plain':
      return '';
    case 'days':
      return field.min;
    case 'date':
      return null;
    case 'choice':
      return field.values[0];
    case 'group':
      return Object.fromEntries(Object.entries(field.fields).map(([name, inner]) => [name, emptyOf(inner)]));
    case 'list':
      return Array.from({ length: field.min }, () => emptyOf(field.item));
    case 'image':
      return null;
  }
}

const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp';
const ALT_TEXT: LandingField = { kind: 'text', max: 160 };

/**
 * A photo or a logo: the upload (checked by the API as a private file is), the draft's image as the preview shows
 * it (the administrator's address: it is not public until published), and its alt text in both languages.
 */
function ImageField({ field, name, path, value, errors, onChange }: FieldProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useLandingContentApi();
  const [uploading, setUploading] = useState(false);
  const image = (value as LandingImage | null | undefined) ?? null;
  const id = path.join('.');
  const label = translate(`aipm.landing_content.fields.${name}`, { _: name });

  async function upload(file: File | undefined) {
    if (!file) return;
    // Said at once: the API would refuse it too, after the whole file crossed the network.
    if (file.size > LANDING_IMAGE_RULES.maxBytes) return notify('aipm.landing_content.image_too_large', { type: 'error' });
    setUploading(true);
    try {
      const uploaded = await api.uploadImage(file);
      onChange(path, { file: uploaded.file, alt: image?.alt ?? { zh: '', en: '' } });
    } catch (error) {
      notify('aipm.landing_content.upload_failed', { type: 'error', messageArgs: { message: (error as Error).message } });
    } finally {
      setUploading(false);
    }
  }

  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: errors[id] ? 'error.main' : 'divider', borderRadius: 1, p: 2, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        {label}
      </Typography>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {image && <img src={LANDING_CONTENT_PATHS.draftImage(image.file)} alt={translate('aipm.landing_content.image_preview', { label })} width={96} height={64} style={{ objectFit: 'contain' }} />}
          <Button component="label" size="small" variant="outlined" disabled={uploading}>
            {translate(image ? 'aipm.landing_content.replace_image' : 'aipm.landing_content.upload_image')}
            <input hidden type="file" accept={IMAGE_ACCEPT} aria-label={`${label} · ${translate('aipm.landing_content.upload_image')}`} onChange={(event) => void upload(event.target.files?.[0])} />
          </Button>
          {image && field.kind === 'image' && field.optional && (
            <Button size="small" onClick={() => onChange(path, null)}>
              {translate('aipm.landing_content.remove_image')}
            </Button>
          )}
          {uploading && <LinearProgress sx={{ flex: 1 }} />}
        </Stack>
        <Typography variant="body2" color={errors[id] ? 'error' : 'text.secondary'}>
          {errors[id] ?? translate('aipm.landing_content.image_hint')}
        </Typography>
        {image && <ContentField field={ALT_TEXT} name="alt" path={[...path, 'alt']} value={image.alt} errors={errors} onChange={onChange} />}
      </Stack>
    </Box>
  );
}

const characters = (text: string) => [...text].length;

interface FieldProps {
  field: LandingField;
  name: string;
  path: readonly string[];
  value: Value;
  errors: Errors;
  onChange: (path: readonly string[], value: Value) => void;
}

/** One field of the declaration, drawn by its kind: texts zh and en side by side with their counts and limits. */
function ContentField({ field, name, path, value, errors, onChange }: FieldProps) {
  const translate = useTranslate();
  const id = path.join('.');
  const label = translate(`aipm.landing_content.fields.${name}`, { _: name });
  switch (field.kind) {
    case 'text': {
      const text = value as Record<string, string>;
      return (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          {LANDING_LANGUAGES.map((language) => {
            const error = errors[`${id}.${language}`];
            return (
              <TextField
                key={language}
                fullWidth
                multiline={field.max > 60}
                size="small"
                label={`${label} · ${translate(`aipm.landing_content.${language}`)}`}
                value={text[language] ?? ''}
                error={Boolean(error)}
                helperText={error ?? translate('aipm.landing_content.count', { count: characters(text[language] ?? ''), max: field.max })}
                onChange={(event) => onChange([...path, language], event.target.value)}
              />
            );
          })}
        </Stack>
      );
    }
    case 'plain':
      return <TextField size="small" label={label} value={value as string} error={Boolean(errors[id])} helperText={errors[id]} onChange={(event) => onChange(path, event.target.value)} />;
    case 'days':
      return (
        <TextField
          size="small"
          type="number"
          label={label}
          value={value as number}
          error={Boolean(errors[id])}
          helperText={errors[id]}
          slotProps={{ htmlInput: { min: field.min, max: field.max } }}
          onChange={(event) => onChange(path, event.target.value === '' ? Number.NaN : Number(event.target.value))}
        />
      );
    case 'date':
      return (
        <TextField
          size="small"
          type="date"
          label={label}
          value={(value as string | null) ?? ''}
          error={Boolean(errors[id])}
          helperText={errors[id] ?? translate(value ? 'aipm.landing_content.ends_on_hint' : 'aipm.landing_content.no_end')}
          slotProps={{ inputLabel: { shrink: true } }}
          onChange={(event) => onChange(path, event.target.value === '' ? null : event.target.value)}
        />
      );
    case 'choice':
      return (
        <TextField select size="small" label={label} value={value as string} sx={{ minWidth: 160 }} onChange={(event) => onChange(path, event.target.value)}>
          {field.values.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {translate(`aipm.landing_content.icons.${choice}`, { _: choice })}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'group':
      return (
        <Stack spacing={2}>
          {Object.entries(field.fields).map(([inner, innerField]) => (
            <ContentField key={inner} field={innerField} name={inner} path={[...path, inner]} value={(value as Record<string, Value>)[inner]} errors={errors} onChange={onChange} />
          ))}
        </Stack>
      );
    case 'image':
      return <ImageField field={field} name={name} path={path} value={value} errors={errors} onChange={onChange} />;
    case 'list': {
      const items = (value as Value[] | undefined) ?? [];
      const fixed = field.min === field.max;
      return (
        <Box component="fieldset" sx={{ border: 1, borderColor: errors[id] ? 'error.main' : 'divider', borderRadius: 1, p: 2, m: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
            {label}
          </Typography>
          {errors[id] && (
            <Typography color="error" variant="body2">
              {errors[id]}
            </Typography>
          )}
          <Stack spacing={2}>
            {items.map((item, index) => (
              <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Box sx={{ flex: 1 }}>
                  <ContentField field={field.item} name={name} path={[...path, String(index)]} value={item} errors={errors} onChange={onChange} />
                </Box>
                {!fixed && (
                  <IconButton
                    aria-label={`${translate('aipm.landing_content.remove')} ${translate('aipm.landing_content.item', { number: index + 1 })}`}
                    disabled={items.length <= field.min}
                    onClick={() => onChange(path, items.filter((_, other) => other !== index))}
                  >
                    <DeleteIcon />
                  </IconButton>
                )}
              </Stack>
            ))}
          </Stack>
          {!fixed && (
            <Button size="small" sx={{ mt: 1 }} disabled={items.length >= field.max} onClick={() => onChange(path, [...items, emptyOf(field.item)])}>
              {translate('aipm.landing_content.add')}
            </Button>
          )}
        </Box>
      );
    }
  }
}

/** The per-field messages of a refused save (the API names each field by its path). */
function serverErrors(error: unknown): Errors {
  const errors = error instanceof HttpError ? (error.body as { errors?: unknown } | undefined)?.errors : undefined;
  return typeof errors === 'object' && errors !== null ? (errors as Errors) : {};
}

const PREVIEW_FRAMES = [
  { language: 'zh', width: 375 },
  { language: 'en', width: 375 },
  { language: 'zh', width: 1280 },
  { language: 'en', width: 1280 },
] as const;

/**
 * The saved draft rendered by the public site's own page (its preview route, administrators only), each language at a
 * phone's 375 px and at a desktop's width. Windows, not frames: the site's pages refuse to be framed (X-Frame-Options).
 */
function PreviewDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose}>
      <DialogTitle>{translate('aipm.landing_content.preview_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1}>
          {PREVIEW_FRAMES.map(({ language, width }) => {
            const name = translate('aipm.landing_content.preview_frame', {
              language: translate(`aipm.landing_content.${language}`),
              width: translate(width === 375 ? 'aipm.landing_content.preview_phone' : 'aipm.landing_content.preview_desktop'),
            });
            return (
              <Button key={`${language}-${width}`} variant="outlined" onClick={() => window.open(`/preview/landing?lng=${language}`, `landing-preview-${language}-${width}`, `popup,width=${width},height=812`)}>
                {name}
              </Button>
            );
          })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('aipm.landing_content.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function History({ onRestore, busy }: { onRestore: (publication: LandingPublicationSummary) => void; busy: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const api = useLandingContentApi();
  const publications = useQuery({ queryKey: LANDING_PUBLICATIONS_QUERY_KEY, queryFn: () => api.publications() });
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography component="h2" variant="h6">
          {translate('aipm.landing_content.history')}
        </Typography>
        {publications.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {publications.data?.length === 0 && <Typography color="text.secondary">{translate('aipm.landing_content.history_empty')}</Typography>}
        <List dense>
          {publications.data?.map((publication, index) => (
            <ListItem
              key={publication.id}
              secondaryAction={
                index > 0 && (
                  <Button size="small" disabled={busy} onClick={() => onRestore(publication)}>
                    {translate('aipm.landing_content.restore')}
                  </Button>
                )
              }
            >
              <ListItemText
                primary={translate('aipm.landing_content.history_row', {
                  id: publication.id,
                  at: formatDateTime(publication.publishedAt, locale),
                  by: publication.publishedBy ?? translate('aipm.landing_content.first_publication'),
                })}
                secondary={[index === 0 ? translate('aipm.landing_content.live') : null, publication.restoredFrom ? translate('aipm.landing_content.restored_from', { id: publication.restoredFrom }) : null]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}

function Editor({ initial, unpublished }: { initial: LandingContent; unpublished: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useLandingContentApi();
  const queryClient = useQueryClient();
  const [content, setContent] = useState<Value>(initial);
  const [dirty, setDirty] = useState(false);
  const [fromServer, setFromServer] = useState<Errors>({});
  const [previewing, setPreviewing] = useState(false);
  const failures = landingContentFailures(content);
  // Worded from the rule and its bounds in the back office's language (the API's own messages are Chinese).
  const errors: Errors = { ...fromServer, ...Object.fromEntries(failures.map(({ path, rule, min, max }) => [path, translate(`aipm.landing_content.rules.${rule}`, { min, max })])) };
  const failed = (key: string) => (error: unknown) => {
    setFromServer(serverErrors(error));
    notify(key, { type: 'error', messageArgs: { message: error instanceof Error ? translate(error.message, { _: error.message }) : String(error) } });
  };
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: LANDING_DRAFT_QUERY_KEY }), queryClient.invalidateQueries({ queryKey: LANDING_PUBLICATIONS_QUERY_KEY })]);

  const save = useMutation({
    mutationFn: () => api.saveDraft(content as LandingContent),
    onSuccess: (saved) => {
      setDirty(false);
      setFromServer({});
      queryClient.setQueryData(LANDING_DRAFT_QUERY_KEY, saved);
    },
    onError: failed('aipm.landing_content.save_failed'),
  });
  const publish = useMutation({
    mutationFn: async () => {
      if (dirty) await api.saveDraft(content as LandingContent);
      return api.publish();
    },
    onSuccess: async () => {
      setDirty(false);
      notify('aipm.landing_content.published', { type: 'success' });
      await refresh();
    },
    onError: failed('aipm.landing_content.publish_failed'),
  });
  const restore = useMutation({
    mutationFn: (id: number) => api.restore(id),
    onSuccess: async () => {
      notify('aipm.landing_content.restored', { type: 'success' });
      const draft = await api.draft();
      setContent(draft.content);
      setDirty(false);
      await refresh();
    },
    onError: failed('aipm.landing_content.restore_failed'),
  });
  const busy = save.isPending || publish.isPending || restore.isPending;

  const change = (path: readonly string[], value: Value) => {
    setContent((tree: Value) => replaced(tree, path, value));
    setDirty(true);
  };

  return (
    <>
      <Box sx={{ position: 'sticky', top: 48, zIndex: 2, bgcolor: 'background.paper', py: 1, mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            disabled={busy || failures.length > 0 || !dirty}
            onClick={() => save.mutate(undefined, { onSuccess: () => notify('aipm.landing_content.saved', { type: 'success' }) })}
          >
            {translate('aipm.landing_content.save_draft')}
          </Button>
          <Button variant="outlined" disabled={busy || failures.length > 0} onClick={() => (dirty ? save.mutate(undefined, { onSuccess: () => setPreviewing(true) }) : setPreviewing(true))}>
            {translate('aipm.landing_content.preview')}
          </Button>
          <Button
            variant="contained"
            disabled={busy || failures.length > 0}
            onClick={() => {
              if (window.confirm(translate('aipm.landing_content.publish_confirm'))) publish.mutate();
            }}
          >
            {translate('aipm.landing_content.publish')}
          </Button>
          <Typography variant="body2" color={failures.length > 0 ? 'error' : 'text.secondary'} role="status">
            {failures.length > 0
              ? translate('aipm.landing_content.invalid', { count: failures.length })
              : translate(dirty || unpublished ? 'aipm.landing_content.unpublished' : 'aipm.landing_content.up_to_date')}
          </Typography>
        </Stack>
      </Box>
      {/* One block open at a time is drawn: the whole page has several hundred fields. */}
      {Object.entries((LANDING_CONTENT_FIELDS as Extract<LandingField, { kind: 'group' }>).fields).map(([block, field]) => {
        const failing = failures.filter((failure) => failure.path === block || failure.path.startsWith(`${block}.`)).length;
        return (
          <Accordion key={block} slotProps={{ transition: { unmountOnExit: true }, heading: { component: 'h2' } }} sx={{ mb: 1 }}>
            <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`landing-${block}-header`} aria-controls={`landing-${block}-content`}>
              <Typography variant="h6" component="span">
                {translate(`aipm.landing_content.blocks.${block}`)}
              </Typography>
              {failing > 0 && (
                <Typography color="error" variant="body2" component="span" sx={{ ml: 2, alignSelf: 'center' }}>
                  {translate('aipm.landing_content.invalid', { count: failing })}
                </Typography>
              )}
            </AccordionSummary>
            <AccordionDetails>
              <ContentField field={field} name={block} path={[block]} value={(content as Record<string, Value>)[block]} errors={errors} onChange={change} />
            </AccordionDetails>
          </Accordion>
        );
      })}
      <History
        busy={busy}
        onRestore={(publication) => {
          if (window.confirm(translate('aipm.landing_content.restore_confirm', { id: publication.id }))) restore.mutate(publication.id);
        }}
      />
      <PreviewDialog open={previewing} onClose={() => setPreviewing(false)} />
    </>
  );
}

/**
 * 网站内容 (docs/product/back-office.md#site-content): every block of the landing page in zh and en side by side, with
 * the declaration's limits; a draft, its preview at a phone's and a desktop's width, publish, and the history.
 */
export function LandingContentSection() {
  const translate = useTranslate();
  const api = useLandingContentApi();
  const draft = useQuery({ queryKey: LANDING_DRAFT_QUERY_KEY, queryFn: () => api.draft() });
  return (
    <>
      <Title title="aipm.landing_content.menu" />
      <Typography component="h1" variant="h5" sx={{ mt: 2 }}>
        {translate('aipm.landing_content.menu')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2 }}>
        {translate('aipm.landing_content.hint')}
      </Typography>
      {draft.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {draft.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void draft.refetch()}>
              {translate('aipm.landing_content.retry')}
            </Button>
          }
        >
          {translate('aipm.landing_content.load_failed', { message: draft.error instanceof Error ? translate(draft.error.message, { _: draft.error.message }) : String(draft.error) })}
        </Alert>
      )}
      {/* The editor starts from the first answer and keeps its own state from then on. */}
      {draft.data && <Editor initial={draft.data.content} unpublished={draft.data.unpublished} />}
    </>
  );
}

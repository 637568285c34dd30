import { useTranslate } from 'react-admin';

/** A failure in the administrator's language: httpClient's errors carry the translation key of the API's code. */
export function useErrorText(): (error: unknown) => string {
  const translate = useTranslate();
  return (error) => (error instanceof Error ? translate(error.message, { _: error.message }) : String(error));
}

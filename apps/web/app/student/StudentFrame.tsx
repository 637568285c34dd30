import type { ReactNode } from 'react';

import { PageHeader } from '~/components/PageHeader';

/** The frame of the student pages: one narrow column (375 px first, WeChat's browser), the site's name, the language. */
export function StudentFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page student">
      <PageHeader />
      <main style={{ maxWidth: '26rem', margin: '0 auto', padding: '1rem' }}>
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}

/** A labelled input on its own line, its error read out with it (aria-describedby). */
export function StudentField({ name, label, type = 'text', autoComplete, error }: { name: string; label: string; type?: string; autoComplete: string; error?: string }) {
  const errorId = `${name}-error`;
  return (
    <p style={{ display: 'flex', flexDirection: 'column', gap: '0.25rem' }}>
      <label htmlFor={name}>{label}</label>
      <input id={name} name={name} type={type} autoComplete={autoComplete} required aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} style={{ fontSize: '1rem', padding: '0.6rem', minHeight: '44px', boxSizing: 'border-box' }} />
      {error ? (
        <span id={errorId} role="alert">
          {error}
        </span>
      ) : null}
    </p>
  );
}

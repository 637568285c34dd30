import type { ReactNode } from 'react';

/** One landing-page section: its anchor id, a heading tied to it, an optional lead. */
export function Section({ id, title, subtitle, children, className }: { id: string; title: string; subtitle?: string; children: ReactNode; className?: string }) {
  return (
    <section id={id} className={`section${className ? ` ${className}` : ''}`} aria-labelledby={`${id}-title`}>
      <div className="section__inner">
        <h2 id={`${id}-title`} className="section__title">
          {title}
        </h2>
        {subtitle ? <p className="section__subtitle">{subtitle}</p> : null}
        {children}
      </div>
    </section>
  );
}

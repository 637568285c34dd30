import type { LandingTexts } from '@aipm/contracts';
import { createContext, type ReactNode, useContext } from 'react';

// Only the landing route renders its sections, always inside the provider: no check shipped for a missing one.
const LandingContentContext = createContext<LandingTexts>(null as unknown as LandingTexts);

/** The landing's published texts in the page's language, placeholders filled (the loader's `pageTexts`), for its sections. */
export function LandingContentProvider({ content, children }: { content: LandingTexts; children: ReactNode }) {
  return <LandingContentContext.Provider value={content}>{children}</LandingContentContext.Provider>;
}

export function useLandingContent(): LandingTexts {
  return useContext(LandingContentContext);
}

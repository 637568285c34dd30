import { type LandingContent, LANDING_CONTENT_PATHS, type LandingDraft, type LandingImageUpload, type LandingPublicationSummary } from '@aipm/contracts';

import { defineSectionClient, useSectionClient } from '../data/sectionClient';

/** The draft, publish, history, restore and image calls of 网站内容 (ADR 074, 076); the data provider's client unwraps `{ success, data }`. */
export const landingContentClient = defineSectionClient('landingContent', (http) => ({
  draft: async () => (await http(LANDING_CONTENT_PATHS.draft)).json as LandingDraft,
  saveDraft: async (content: LandingContent) => (await http(LANDING_CONTENT_PATHS.draft, { method: 'PUT', body: JSON.stringify(content) })).json as LandingDraft,
  publish: async () => (await http(LANDING_CONTENT_PATHS.publish, { method: 'POST' })).json as LandingPublicationSummary,
  publications: async () => (await http(LANDING_CONTENT_PATHS.publications)).json as LandingPublicationSummary[],
  restore: async (id: number) => (await http(LANDING_CONTENT_PATHS.restore(id), { method: 'POST' })).json as LandingPublicationSummary,
  /** A photo or logo for the draft (multipart, as the API reads it): answers the stored name to put in the content. */
  uploadImage: async (file: File) => {
    const body = new FormData();
    body.set('file', file);
    return (await http(LANDING_CONTENT_PATHS.images, { method: 'POST', body })).json as LandingImageUpload;
  },
}));

export const useLandingContentApi = () => useSectionClient(landingContentClient);

export const LANDING_DRAFT_QUERY_KEY = ['aipm', 'landing-content', 'draft'] as const;
export const LANDING_PUBLICATIONS_QUERY_KEY = ['aipm', 'landing-content', 'publications'] as const;

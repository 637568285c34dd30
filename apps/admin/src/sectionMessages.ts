import { FIRST_SECTION_MESSAGES } from './firstSectionMessages';
import { mergeSectionMessages, type SectionMessages } from './i18n/i18nProvider';
import { LATER_SECTION_MESSAGES } from './laterSectionMessages';

/**
 * Every section's wording at once, as the tests hand it to createI18nProvider(). The back office itself starts with
 * firstSectionMessages.ts and adds laterSectionMessages.ts when a screen needs it (sections/laterWording.ts).
 */
export const SECTION_MESSAGES: SectionMessages = mergeSectionMessages(FIRST_SECTION_MESSAGES, LATER_SECTION_MESSAGES);

export * from './lead.enums';
export * from './lead.errors';
export * from './lead.messages';
export * from './lead.responses';
export * from './lead-source';
export * from './phone';
export * from './lead-status-reasons';
export * from './lead-import';

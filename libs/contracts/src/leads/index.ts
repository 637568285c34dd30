export * from './lead.dto';
export * from './lead.enums';
export * from './lead.messages';
export * from './lead.responses';
export * from './lead-validators';
export * from './phone';

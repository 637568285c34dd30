/**
 * The height 今日待办 keeps while its chunk or its answer is on the way: its empty state's (a title and two "nothing
 * here" lines: 192 px on a phone, 128 px with the two lists side by side from the medium breakpoint). The cards
 * below it then stay where they will be, instead of rising into the first screen and falling back when the list
 * arrives.
 */
export const AGENDA_CARD_MIN_HEIGHT = { xs: '12rem', md: '8rem' } as const;

// Loaded when a start is typed as coordinates (start-picker.tsx): zod stays out of the round's first
// download (docs/decisions/lighthouse.md).
export { roundStartSchema } from '@app/domain';

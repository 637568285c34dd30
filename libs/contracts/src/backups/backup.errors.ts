/** Error codes of the backups (docs/product/errors.md#backups), beside their Chinese messages. */
export const BACKUP_ERRORS = {
  BACKUP_ALREADY_RUNNING: '备份正在进行，请等它完成后再开始',
} as const;

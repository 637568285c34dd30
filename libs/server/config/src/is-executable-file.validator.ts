import { accessSync, constants, statSync } from 'node:fs';
import { ValidateBy, type ValidationOptions } from 'class-validator';

export function isExecutableFile(value: unknown): boolean {
  if (typeof value !== 'string' || value === '') return false;
  try {
    accessSync(value, constants.X_OK);
    return statSync(value).isFile();
  } catch {
    return false;
  }
}

export function IsExecutableFile(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isExecutableFile', validator: { validate: isExecutableFile } }, options);
}

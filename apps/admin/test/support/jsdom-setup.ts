/*
 * Import first in admin component specs. jsdom lacks TextEncoder (react-router 7 needs it at load), and the
 * contracts DTOs' class-transformer decorators need reflect-metadata, as main.tsx provides in the app.
 */
import 'reflect-metadata';
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

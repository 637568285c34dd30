/* Import first in admin component specs: jsdom lacks TextEncoder, which react-router 7 needs at load. */
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

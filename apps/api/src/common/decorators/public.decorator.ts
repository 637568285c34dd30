import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC_KEY = 'aipm:isPublic';

/**
 * Opts a route (or a whole controller) out of the global administrator guard. Every route is private
 * unless it carries this, so a new admin endpoint cannot be exposed by forgetting a decorator.
 */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC_KEY, true);

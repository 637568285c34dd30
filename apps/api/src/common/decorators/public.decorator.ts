import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

export const IS_PUBLIC_KEY = 'aipm:isPublic';

/**
 * Opts a route (or a whole controller) out of the global administrator guard. Every route is private
 * unless it carries this, so a new admin endpoint cannot be exposed by forgetting a decorator.
 */
export const Public = (): MethodDecorator & ClassDecorator =>
  // The extension tells the OpenAPI document (common/openapi) that the route needs no session.
  applyDecorators(SetMetadata(IS_PUBLIC_KEY, true), ApiExtension('x-public', true));

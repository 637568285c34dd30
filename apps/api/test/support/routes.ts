import { type INestApplication, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { API_PREFIX } from '../../src/bootstrap/create-app';
import { IS_PUBLIC_KEY } from '../../src/common/decorators/public.decorator';

export interface RegisteredRoute {
  method: string;
  path: string;
  isPublic: boolean;
}

/** Everything under /api/student is the student realm (src/common/realm.ts), every other route the administrator's. */
export const isStudentRealm = (route: RegisteredRoute) => /^\/api\/student(\/|$)/i.test(route.path);

const asList = (value: string | string[] | undefined): string[] => (Array.isArray(value) ? value : [value ?? '']);
const joinPath = (...parts: string[]) => `/${parts.flatMap((part) => part.split('/')).filter(Boolean).join('/')}`;

/** Every route Nest registered, read from the controllers' own metadata (what the router was built from). */
export function registeredRoutes(app: INestApplication): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      const classPublic = Reflect.getMetadata(IS_PUBLIC_KEY, controller) === true;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const methodPath = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (methodPath === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const isPublic = classPublic || Reflect.getMetadata(IS_PUBLIC_KEY, handler) === true;
        for (const base of asList(Reflect.getMetadata(PATH_METADATA, controller))) {
          for (const own of asList(methodPath)) routes.push({ method, path: joinPath(API_PREFIX, base, own), isPublic });
        }
      }
    }
  }
  return routes;
}

import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';
import type { Role } from '@jara/contracts';
import { IS_PUBLIC_KEY, ROLES_KEY } from '../../src/common/decorators/auth.decorators';

export interface RouteInfo {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  isPublic: boolean;
  roles: Role[];
  /** The declared type of the handler's @Body() parameter, when it takes one (a class for a validated body). */
  body?: unknown;
  /** The controller class and method, for messages. */
  handler: string;
}

/** Every route the application registered, with its @Public and @Roles metadata. */
export function listRoutes(app: INestApplication): RouteInfo[] {
  const discovery = app.get(DiscoveryService);
  const scanner = app.get(MetadataScanner);
  const reflector = app.get(Reflector);
  const routes: RouteInfo[] = [];
  for (const wrapper of discovery.getControllers()) {
    const { instance, metatype } = wrapper;
    if (!instance || !metatype) continue;
    const base = [reflector.get<string | string[]>(PATH_METADATA, metatype)].flat()[0] ?? '';
    const prototype = Object.getPrototypeOf(instance);
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name];
      const sub = reflector.get<string | string[]>(PATH_METADATA, handler);
      const method = reflector.get<RequestMethod>(METHOD_METADATA, handler);
      if (sub === undefined || method === undefined) continue;
      const path = `/api/v1/${[base, [sub].flat()[0]].filter((p) => p && p !== '/').join('/')}`.replace(/\/+/g, '/');
      routes.push({
        method: RequestMethod[method].toLowerCase() as RouteInfo['method'],
        path,
        isPublic: !!reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [handler, metatype]),
        roles: reflector.getAllAndOverride<Role[]>(ROLES_KEY, [handler, metatype]) ?? [],
        body: bodyType(metatype, prototype, name),
        handler: `${metatype.name}.${name}`,
      });
    }
  }
  return routes;
}

/** The design type of a handler's @Body() parameter (whole body, not @Body('field')), if it has one. */
function bodyType(metatype: object, prototype: object, name: string): unknown {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, metatype, name) ?? {}) as Record<
    string,
    { index: number; data?: unknown }
  >;
  const entry = Object.entries(args).find(
    ([key, arg]) => key.split(':')[0] === String(RouteParamtypes.BODY) && arg.data === undefined,
  );
  if (!entry) return undefined;
  const types = (Reflect.getMetadata('design:paramtypes', prototype, name) ?? []) as unknown[];
  return types[entry[1].index];
}

/** Fills path parameters with a plausible value (an id that exists or not; guards answer first). */
export function concretePath(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => (/id$/i.test(name) ? '1' : 'x'));
}

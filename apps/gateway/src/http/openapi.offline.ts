import 'reflect-metadata';
import { type InjectionToken, Module, type Provider, type Type } from '@nestjs/common';
import {
  EXCEPTION_FILTERS_METADATA,
  GUARDS_METADATA,
  INTERCEPTORS_METADATA,
  PARAMTYPES_METADATA,
  PIPES_METADATA,
  SELF_DECLARED_DEPS_METADATA,
} from '@nestjs/common/constants';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { GATEWAY_HTTP_CONTROLLERS } from './http-controllers';
import { openApiDocument } from './openapi.document';

const ENHANCERS = [GUARDS_METADATA, INTERCEPTORS_METADATA, PIPES_METADATA, EXCEPTION_FILTERS_METADATA];

/**
 * The gateway's OpenAPI document without its services (no bus, no database): the document comes
 * from the controllers' metadata, so every dependency of theirs, and of their guards, is an empty
 * stand-in that is never called. For tools (npm run sdk:types) and tests.
 */
export async function offlineOpenApiDocument(): Promise<OpenAPIObject> {
  @Module({ controllers: [...GATEWAY_HTTP_CONTROLLERS], providers: standIns(GATEWAY_HTTP_CONTROLLERS) })
  class DocumentModule {}
  const app = await NestFactory.create(DocumentModule, new FastifyAdapter(), {
    logger: false,
    preview: true,
  });
  try {
    return openApiDocument(app);
  } finally {
    await app.close();
  }
}

function standIns(controllers: readonly Type[]): Provider[] {
  const injected = new Set<Type>(controllers);
  for (const controller of controllers) {
    const methods = Object.getOwnPropertyNames(controller.prototype).map(
      (name) => Object.getOwnPropertyDescriptor(controller.prototype, name)?.value,
    );
    for (const target of [controller, ...methods])
      for (const key of ENHANCERS)
        for (const enhancer of Reflect.getMetadata(key, target) ?? [])
          if (typeof enhancer === 'function') injected.add(enhancer);
  }
  const tokens = new Set<InjectionToken>();
  for (const type of injected) {
    const declared: Array<{ index: number; param: InjectionToken }> =
      Reflect.getMetadata(SELF_DECLARED_DEPS_METADATA, type) ?? [];
    const params: InjectionToken[] = Reflect.getMetadata(PARAMTYPES_METADATA, type) ?? [];
    params.forEach((param, index) => tokens.add(declared.find((d) => d.index === index)?.param ?? param));
  }
  return [...tokens].map((provide) => ({ provide, useValue: {} }));
}

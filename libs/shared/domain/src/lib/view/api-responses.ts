import { z } from 'zod';

/**
 * The integrator API's response shapes, each registered under the name of its OpenAPI component.
 * The gateway's document shows them, the SDK's types are generated from that document, and the
 * tests check the rendered views against them: a shape is declared once, beside its renderer.
 */
export const apiResponses = z.registry<{ id: string }>();

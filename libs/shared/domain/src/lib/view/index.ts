export * from './api-responses';
export * from './api.views';
export * from './swap-order.schema';
export * from './swap-order.view';

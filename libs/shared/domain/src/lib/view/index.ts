export * from './swap-order.view';
export * from './api.views';

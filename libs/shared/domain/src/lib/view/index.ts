export * from './swap-order.view';

export * from './bus-context';
export * from './bus-controller';
export * from './bus-routes';
export * from './jetstream.transport';

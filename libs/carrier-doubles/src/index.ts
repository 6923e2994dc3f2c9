export * from './ups';

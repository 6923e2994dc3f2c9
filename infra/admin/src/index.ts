export { seedDemo, randomSecret, DEMO_WAREHOUSES, type DemoCredentials } from './seed';

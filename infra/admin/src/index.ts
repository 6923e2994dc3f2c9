export { seedDemo, randomSecret, DEMO_WAREHOUSES, type DemoCredentials, type SeedKeys } from './seed';

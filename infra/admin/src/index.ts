export { seedDemo, randomSecret, DEMO_WAREHOUSES, type DemoCredentials, type SeedKeys } from './seed';
export { serveAdminSocket } from './backup/admin-socket';

export { startNotificationsService, SCHEMA, type NotificationsOptions } from './service';
export { buildApp, AUDIENCE } from './app';
export { migrations } from './migrations';
export { openNotificationsAdmin, type NotificationsAdmin } from './admin';

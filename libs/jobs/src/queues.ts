/** Every queue and job name of the platform, in one list so producers and workers agree. */
export const Queues = {
  manifestDocuments: 'manifest-documents',
  webhookDelivery: 'webhook-delivery',
  proofOfDelivery: 'proof-of-delivery',
  carrierTracking: 'carrier-tracking',
  carrierCallLog: 'carrier-call-log',
  notificationMail: 'notification-mail',
  auditLogPurge: 'audit-log-purge',
  personalDataRetention: 'personal-data-retention',
} as const;
export type QueueName = (typeof Queues)[keyof typeof Queues];

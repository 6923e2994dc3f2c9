// Shipping e-mails to recipients: the company's settings, what was sent, and unsubscribing (RFC 8058).
import { companyOperation, json, operation, schemaRef, type OperationDef } from './openapi-helpers';

const html = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });

export const notificationOperations: readonly OperationDef[] = [
  companyOperation({
    method: 'get', path: '/notifications', operationId: 'getNotificationSettings', tags: ['Notifications'],
    summary: 'The company\'s shipping e-mails to recipients',
    description: 'Off until enabled. When enabled, a recipient with an `email_address` gets at most one e-mail per consignment and event '
      + 'kind: branded like the tracking page (display name, logo, accent colour), HTML and plain text, with the tracking link, in the '
      + 'recipient\'s language (the destination country\'s among en, ga, fr, de, es, it, nl, pl; else English).',
    responses: { 200: json('The settings.', schemaRef('NotificationSettings')) },
  }),
  companyOperation({
    method: 'put', path: '/notifications', operationId: 'updateNotificationSettings', tags: ['Notifications'],
    summary: 'Change the company\'s shipping e-mails',
    description: 'Any subset of the fields: a field sent replaces its value, one not sent keeps it. Applies to events from now on; '
      + 'nothing already decided is sent again. A bad value is a 400 naming it, and changes nothing.',
    requestBody: { required: true, ...json('The settings to change.', schemaRef('NotificationSettings')) },
    responses: { 200: json('The settings now.', schemaRef('NotificationSettings')) }, errors: [400, 413, 415],
  }),
  companyOperation({
    method: 'post', path: '/notifications/unsubscribes', operationId: 'unsubscribeRecipient', tags: ['Notifications'],
    summary: 'Stop the company\'s shipping e-mails to an address',
    description: 'For an unsubscribe request that reached the company by e-mail (the `mailto:` of List-Unsubscribe) or by customer '
      + 'service. Idempotent. The address gets no further e-mail from this company; only a hash of it is kept.',
    requestBody: { required: true, ...json('The address.', schemaRef('NotificationUnsubscribeInput')) },
    responses: { 204: { description: 'Unsubscribed.' } }, errors: [400, 413, 415],
  }),
  companyOperation({
    method: 'get', path: '/consignment/{identifier}/notifications', operationId: 'listConsignmentNotifications', tags: ['Notifications'],
    summary: 'The shipping e-mails of a consignment',
    description: 'What was sent (or decided and not sent) for the consignment, oldest first, with the address masked. Never the content.',
    responses: { 200: json('The e-mails.', schemaRef('NotificationLog')) }, errors: [404],
  }),
  operation({
    method: 'get', path: '/notifications/unsubscribe/{unsubscribe_token}', operationId: 'showUnsubscribe', tags: ['Notifications'],
    summary: 'The unsubscribe page of a shipping e-mail',
    description: 'Public (the link in every shipping e-mail\'s footer and List-Unsubscribe header). A page in the recipient\'s language '
      + 'asking to confirm with one button; a GET changes nothing (mail scanners follow links).',
    security: [],
    responses: { 200: html('The confirmation page.'), 404: html('The token does not verify.') },
    errors: [429],
  }),
  operation({
    method: 'post', path: '/notifications/unsubscribe/{unsubscribe_token}', operationId: 'unsubscribe', tags: ['Notifications'],
    summary: 'Unsubscribe (RFC 8058 one-click, or the page\'s button)',
    description: 'Public. A mail client posts `List-Unsubscribe=One-Click` (application/x-www-form-urlencoded) here, as RFC 8058 says; '
      + 'the page\'s button posts the same. The address gets no further e-mail from the company that sent this one. Idempotent.',
    security: [],
    responses: { 200: html('Unsubscribed.'), 404: html('The token does not verify.') },
    errors: [429],
  }),
];

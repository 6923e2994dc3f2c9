import './styles.css';
import { restore, session, signOut } from './api';
import { h, replace } from './dom';
import { loginPage } from './pages/login';
import { webhooksPage } from './pages/webhooks';
import { webhookPage } from './pages/webhook';
import { consignmentsPage } from './pages/consignments';
import { consignmentPage } from './pages/consignment-detail';
import { manifestsPage } from './pages/manifests';
import { collectionsPage } from './pages/collections';
import { dashboardPage } from './pages/dashboard';
import { exceptionsPage } from './pages/exceptions';
import { rulesPage } from './pages/rules';
import { ruleEditPage } from './pages/rule-form';
import { trackingPagePage } from './pages/tracking-page';
import { notificationsPage } from './pages/shipping-emails';
import { carrierAccountsPage } from './pages/carrier-accounts';
import { serviceAliasesPage } from './pages/service-aliases';
import { returnsPolicyPage } from './pages/returns-policy';
import { retentionPage } from './pages/retention';
import { rateSheetsPage } from './pages/rate-sheets';
import { auditLogPage } from './pages/audit-log';

const main = document.getElementById('main')!;
const top = document.getElementById('top')!;

const NAV: Array<[string, string]> = [['#/dashboard', 'Dashboard'], ['#/exceptions', 'Exceptions'], ['#/consignments', 'Consignments'], ['#/manifests', 'Manifests'], ['#/collections', 'Collections'], ['#/rules', 'Delivery rules'], ['#/rate-sheets', 'Rate sheets'], ['#/webhooks', 'Webhooks'], ['#/carrier-accounts', 'Carrier accounts'], ['#/service-aliases', 'Service aliases'], ['#/returns-policy', 'Returns policy'], ['#/tracking-page', 'Tracking page'], ['#/notifications', 'Shipping e-mails'], ['#/retention', 'Data retention'], ['#/audit-log', 'Audit log']];

function header(): void {
  const s = session();
  if (!s) return replace(top, h('p', { class: 'brand' }, 'Waybill console'));
  const hash = location.hash.split('?')[0];
  const here = hash.split('/')[1] ? hash.split('/').slice(0, 2).join('/') : '#/dashboard';
  replace(top,
    h('p', { class: 'brand' }, 'Waybill console'),
    h('nav', { 'aria-label': 'Main' }, h('ul', {}, ...NAV.map(([href, label]) => h('li', {}, h('a', { href, 'aria-current': here === href ? 'page' : undefined }, label))))),
    h('p', { class: 'who' }, `${s.user} · ${s.company} `, h('button', { type: 'button', onclick: async () => { await signOut(); route(); } }, 'Sign out')),
  );
}

/** Hash routes keep the page a set of static files the gateway can serve as they are. */
function route(): void {
  header();
  if (!session()) {
    replace(main, loginPage(() => { if (!location.hash || location.hash === '#/') location.hash = '#/dashboard'; else route(); }));
    return;
  }
  const [, page, id] = location.hash.split('/');
  const view = page === 'webhooks' && id ? webhookPage(decodeURIComponent(id))
    : page === 'consignments' && id ? consignmentPage(decodeURIComponent(id))
      : page === 'consignments' ? consignmentsPage()
        : page === 'manifests' ? manifestsPage()
        : page === 'collections' ? collectionsPage()
          : page === 'webhooks' ? webhooksPage()
            : page === 'exceptions' ? exceptionsPage()
              : page === 'tracking-page' ? trackingPagePage()
              : page === 'notifications' ? notificationsPage()
                : page === 'carrier-accounts' ? carrierAccountsPage()
                  : page === 'service-aliases' ? serviceAliasesPage()
                  : page === 'returns-policy' ? returnsPolicyPage()
                  : page === 'rate-sheets' ? rateSheetsPage()
                    : page === 'audit-log' ? auditLogPage()
                    : page === 'retention' ? retentionPage()
                    : page?.startsWith('rules') && id ? ruleEditPage(decodeURIComponent(id.split('?')[0]))
                      : page?.startsWith('rules') ? rulesPage()
                        : dashboardPage();
  replace(main, view);
  document.title = `${main.querySelector('h1')?.textContent ?? 'Console'} · Waybill console`;
  main.focus();
}

window.addEventListener('hashchange', route);
window.addEventListener('console:signed-out', route);
void restore().then(route);

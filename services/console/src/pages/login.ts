import { signIn } from '../api';
import { h, messageOf } from '../dom';

export function loginPage(done: () => void): HTMLElement {
  const error = h('p', { class: 'status error', role: 'alert', id: 'login-error' });
  const user = h('input', { id: 'username', name: 'username', autocomplete: 'username', required: true });
  const pass = h('input', { id: 'password', name: 'password', type: 'password', autocomplete: 'current-password', required: true });
  const submit = h('button', { type: 'submit' }, 'Sign in');
  const form = h('form', { class: 'card login', 'aria-describedby': 'login-error' },
    h('h1', {}, 'Sign in'),
    h('p', {}, 'Use a user of your company (the same as for the API\'s Basic authentication).'),
    h('label', { for: 'username' }, 'Username'), user,
    h('label', { for: 'password' }, 'Password'), pass,
    submit, error,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    submit.disabled = true;
    error.textContent = '';
    try {
      await signIn(user.value, pass.value);
      done();
    } catch (err) {
      error.textContent = messageOf(err);
      pass.value = '';
      pass.focus();
    } finally {
      submit.disabled = false;
    }
  });
  return form;
}

/** The demo's reset page: back to the scenario's first state, signed out, outside Mage's UI. */
import { DEMO_RESET_PATH } from './layout.js';

const status = document.getElementById('status')!;
const button = document.getElementById('reset') as HTMLButtonElement;

button.addEventListener('click', () => {
  button.disabled = true;
  status.textContent = 'Resetting…';
  reset().catch((error: unknown) => {
    button.disabled = false;
    status.textContent = `The demo could not be reset: ${error instanceof Error ? error.message : String(error)}`;
  });
});

async function reset() {
  if (!navigator.serviceWorker?.controller) {
    status.textContent = 'The demo has not started in this browser yet: there is nothing to reset.';
    return;
  }
  const answer = await fetch(DEMO_RESET_PATH, { method: 'POST' });
  if (!answer.ok) throw new Error(`the worker answered ${answer.status}`);
  // Mage's UI keeps its session in a cookie and its view settings in localStorage: both go with the data.
  document.cookie = 'oauth_token=; Max-Age=0; path=/';
  localStorage.clear();
  status.textContent = 'Done: the demo is back to its first state.';
  location.assign('/');
}

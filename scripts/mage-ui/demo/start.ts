/**
 * The demo's start page (the folder's index.html, and its 404.html for hosts that answer unknown paths with it):
 * registers the worker that answers Mage's UI, then loads the page again, which the worker now answers.
 */
import { DEMO_WORKER_PATH } from './layout.js';
import { onLocalhost } from './localhost.js';

const status = document.getElementById('status')!;
const say = (text: string) => (status.textContent = text);

async function start() {
  const moved = onLocalhost(location.href);
  if (moved) return location.replace(moved);
  if (!('serviceWorker' in navigator)) {
    return say('This browser runs no service worker here: open the demo over https or on 127.0.0.1, in a window that allows them.');
  }
  if (navigator.serviceWorker.controller) {
    // The worker runs, yet the host answered: this address is no page of Mage's UI.
    return say(`No page of Mage's UI at ${location.pathname}.`);
  }
  say('Starting the demo (the first visit sets it up)…');
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload());
  await navigator.serviceWorker.register(DEMO_WORKER_PATH, { scope: '/' });
}

start().catch((error: unknown) => say(`The demo could not start: ${error instanceof Error ? error.message : String(error)}`));

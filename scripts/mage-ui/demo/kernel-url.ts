/** Which of Mage's editor websockets a URL names, as Mage's server routes them: only on the page's own origin. */
export type EditorSocket = 'kernel' | 'terminal';

export function editorSocketOf(url: string, pageHref: string): EditorSocket | undefined {
  let target: URL;
  try {
    target = new URL(url, pageHref);
  } catch {
    return undefined;
  }
  const page = new URL(pageHref);
  const secure = page.protocol === 'https:';
  if (target.protocol !== (secure ? 'wss:' : 'ws:') || target.host !== page.host) return undefined;
  if (target.pathname === '/websocket/' || target.pathname === '/websocket') return 'kernel';
  if (target.pathname === '/websocket/terminal') return 'terminal';
  return undefined;
}

export type ChatWidgetConfig = { provider: string; id: string; scriptUrl?: string };

const CRISP_SCRIPT_URL = 'https://client.crisp.chat/l.js';
const SCRIPT_ID = 'chat-widget-script';

/**
 * Injects the third-party live chat once for the whole page. Its failure (blocked, offline) is
 * logged and otherwise ignored: the chat must never break the application.
 */
export function injectChatWidget(config: ChatWidgetConfig | null): HTMLScriptElement | null {
  if (!config || document.getElementById(SCRIPT_ID)) return null;
  const globals = window as unknown as Record<string, unknown>;
  if (config.provider === 'crisp') {
    globals.$crisp = [];
    globals.CRISP_WEBSITE_ID = config.id;
  }
  const script = document.createElement('script');
  script.id = SCRIPT_ID;
  script.async = true;
  script.src = config.scriptUrl ?? CRISP_SCRIPT_URL;
  script.dataset.widgetId = config.id;
  script.addEventListener('error', () => console.warn('[chat] le widget de discussion ne s’est pas chargé'));
  document.head.appendChild(script);
  return script;
}

// The live chat the shell embeds, served in /app-config.json: its configuration section
// (docs/decisions/chat-widget.md, configuration.md).
import { z } from 'zod';
import { ConfigError, defineSection, httpUrl, variable } from '../config-variables';

export type ChatWidgetConfig = { provider: string; id: string; scriptUrl: string };

const KNOWN_CHAT_WIDGETS: Record<string, (id: string) => string> = {
  crisp: () => 'https://client.crisp.chat/l.js',
  tawk: (id) => `https://embed.tawk.to/${encodeURIComponent(id)}/default`,
};

/** The live chat the shell embeds (/app-config.json). */
export const chatWidgetSection = defineSection(
  {
    CHAT_WIDGET: variable(
      z.string().regex(/^[a-z][a-z0-9-]*$/),
      'doit être le nom du fournisseur de chat en minuscules, comme crisp',
    ),
    CHAT_WIDGET_ID: variable(
      z.string().regex(/^[\w.:-]{1,200}$/),
      'doit être un identifiant simple (lettres, chiffres, - _ . :)',
    ),
    CHAT_WIDGET_SCRIPT_URL: variable(httpUrl, 'doit être une URL http(s) absolue'),
  },
  (values): { chatWidget: ChatWidgetConfig | null } => {
    const provider = values.CHAT_WIDGET;
    if (provider === undefined) return { chatWidget: null };
    const id = values.CHAT_WIDGET_ID;
    if (id === undefined)
      throw new ConfigError(
        'CHAT_WIDGET_ID',
        'CHAT_WIDGET_ID est obligatoire quand CHAT_WIDGET est défini (reçu: rien)',
      );
    const scriptUrl = values.CHAT_WIDGET_SCRIPT_URL ?? KNOWN_CHAT_WIDGETS[provider]?.(id);
    if (scriptUrl === undefined)
      throw new ConfigError(
        'CHAT_WIDGET_SCRIPT_URL',
        `CHAT_WIDGET_SCRIPT_URL est obligatoire pour le fournisseur "${provider}" (connus : ${Object.keys(KNOWN_CHAT_WIDGETS).join(', ')}) (reçu: rien)`,
      );
    return { chatWidget: { provider, id, scriptUrl } };
  },
);

import type { ChatWidgetConfig } from './chat/chat-widget';

export type AppConfig = { chatWidget: ChatWidgetConfig | null };

/** Runtime configuration served next to the shell, so one build runs in every environment. */
export async function fetchAppConfig(): Promise<AppConfig> {
  try {
    const response = await fetch('/app-config.json');
    if (!response.ok) return { chatWidget: null };
    return (await response.json()) as AppConfig;
  } catch {
    // Without its runtime configuration the shell still runs, only without the optional widgets.
    return { chatWidget: null };
  }
}

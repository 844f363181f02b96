import { injectChatWidget } from './chat-widget';

afterEach(() => {
  document.head.innerHTML = '';
});

test('injects nothing when no chat widget is configured', () => {
  expect(injectChatWidget(null)).toBeNull();
  expect(document.querySelectorAll('script')).toHaveLength(0);
});

test('injects the configured widget once, with its id', () => {
  injectChatWidget({ provider: 'crisp', id: 'abc-123', scriptUrl: 'https://chat.example/l.js' });
  injectChatWidget({ provider: 'crisp', id: 'abc-123', scriptUrl: 'https://chat.example/l.js' });
  const scripts = document.querySelectorAll('script');
  expect(scripts).toHaveLength(1);
  expect(scripts[0]).toHaveAttribute('src', 'https://chat.example/l.js');
  expect((window as unknown as { CRISP_WEBSITE_ID: string }).CRISP_WEBSITE_ID).toBe('abc-123');
});

test('a widget script that fails to load is only logged', () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const script = injectChatWidget({ provider: 'crisp', id: 'x' });
  expect(() => script?.dispatchEvent(new Event('error'))).not.toThrow();
  expect(warn).toHaveBeenCalled();
  warn.mockRestore();
});

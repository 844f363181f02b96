/** jsdom lays nothing out: give scroll areas and cards the sizes a browser would. */
export function fakeLayout({ viewport = 800, card = 300 }: { viewport?: number; card?: number } = {}) {
  const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  const width = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
  const scrollTo = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollTo');
  beforeAll(() => {
    // jsdom does not scroll: move the scroll area and tell its listeners afterwards, as a browser does.
    Object.defineProperty(HTMLElement.prototype, 'scrollTo', {
      configurable: true,
      value(this: HTMLElement, options: ScrollToOptions) {
        if (options.top !== undefined) this.scrollTop = options.top;
        queueMicrotask(() => this.dispatchEvent(new Event('scroll')));
      },
    });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => viewport });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });
    // The virtualizer measures each card's offsetHeight.
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.hasAttribute('data-index') ? card : 0;
      },
    });
  });
  afterAll(() => {
    if (height) Object.defineProperty(HTMLElement.prototype, 'clientHeight', height);
    if (width) Object.defineProperty(HTMLElement.prototype, 'clientWidth', width);
    if (offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
    if (scrollTo) Object.defineProperty(HTMLElement.prototype, 'scrollTo', scrollTo);
    else delete (HTMLElement.prototype as Partial<HTMLElement>).scrollTo;
  });
}

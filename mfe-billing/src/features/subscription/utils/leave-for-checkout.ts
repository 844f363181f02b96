/**
 * The provider's checkout is another page (Stripe, or the API's demonstration page): a full
 * navigation, not the router's. One function so the screens' tests can watch it.
 */
export function leaveForCheckout(link: string): void {
  window.location.assign(link);
}

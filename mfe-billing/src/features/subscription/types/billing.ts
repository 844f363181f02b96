/** The provider's checkout page the browser goes to (createOwner, newLicense). */
export type CheckoutLink = { link: string };

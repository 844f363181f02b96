/** /api/stripe/createOwner, /api/stripe/newLicense: the provider's checkout page the browser goes to. */
export type CheckoutLinkReply = { link: string };

/** /api/stripe/getPortalLink: the provider's customer portal of a paid licence's subscription. */
export type PortalLinkReply = { link: string };

/** /api/stripe/save: the paid checkout session's licences are made; `seats` says how many. */
export type SavePaymentReply = { message: string; seats: number };

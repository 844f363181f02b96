/** Shown when the API runs its demonstration provider: nobody should think a card is charged. */
export function DemoBanner() {
  return (
    <aside className="billing-demo" aria-label="Mode démonstration">
      <strong>Mode démonstration : aucun paiement réel.</strong> La page de paiement accepte les cartes de
      test (par exemple 4242 4242 4242 4242) et refuse la carte 4000 0000 0000 0002.
    </aside>
  );
}

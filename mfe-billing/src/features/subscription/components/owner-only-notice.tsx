/** What a member who is not the owner reads in place of the buy buttons. */
export function OwnerOnlyNotice() {
  return (
    <p className="billing-owner-notice" role="note">
      Seul le propriétaire de l’organisation peut souscrire un abonnement ou acheter des licences.
      Demandez-lui de le faire, ou de vous attribuer une licence depuis les paramètres.
    </p>
  );
}

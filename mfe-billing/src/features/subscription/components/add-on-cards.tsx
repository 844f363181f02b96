import { ADD_ONS } from '../utils/pack-contents';

/** The modules beyond prospecting, shown as add-ons to come; some need the customer-relation tool. */
export function AddOnCards() {
  return (
    <section className="billing-addons" aria-labelledby="billing-addons-title">
      <h2 id="billing-addons-title">Modules complémentaires</h2>
      <ul className="billing-addons__list">
        {ADD_ONS.map((addOn) => (
          <li key={addOn.id} className="ui-card billing-addon">
            <h3>{addOn.title}</h3>
            <p>{addOn.description}</p>
            {addOn.needsCrm ? (
              <p className="billing-addon__needs">Nécessite l’outil de gestion de la relation client</p>
            ) : null}
            <p className="billing-addon__soon">Bientôt disponible</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

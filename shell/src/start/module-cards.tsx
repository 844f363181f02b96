import { useNavigate } from 'react-router-dom';
import { notifyUnavailableFeature } from '@app/platform';
import { Icon } from '../layout/icons';
import { useModuleCards } from './modules';

export function ModuleCards() {
  const navigate = useNavigate();
  const modules = useModuleCards();
  return (
    <section aria-labelledby="modules-title">
      <h1 id="modules-title" className="ui-page-title">
        Vos modules
      </h1>
      {modules.length === 0 ? <p>Aucun module n'est disponible pour le moment.</p> : null}
      <ul className="shell-modules">
        {modules.map((module) => {
          const target = module.active ? module.to : undefined;
          return (
            <li key={module.id}>
              <button
                type="button"
                className={target ? 'shell-module' : 'shell-module shell-module--disabled'}
                onClick={() => (target ? navigate(target) : notifyUnavailableFeature())}
              >
                {module.icon ? <Icon name={module.icon} /> : null}
                <strong>{module.title}</strong>
                <span>{module.description}</span>
                {target ? null : <em className="shell-module__badge">Bientôt disponible</em>}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

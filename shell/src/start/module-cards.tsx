import { useNavigate } from 'react-router-dom';
import { notifyUnavailableFeature } from '@app/platform';
import { MODULES } from './modules';

export function ModuleCards() {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="modules-title">
      <h1 id="modules-title" className="ui-page-title">
        Vos modules
      </h1>
      <ul className="shell-modules">
        {MODULES.map((module) => (
          <li key={module.id}>
            <button
              type="button"
              className={module.to ? 'shell-module' : 'shell-module shell-module--disabled'}
              onClick={() => (module.to ? navigate(module.to) : notifyUnavailableFeature())}
            >
              <strong>{module.title}</strong>
              <span>{module.description}</span>
              {module.to ? null : <em className="shell-module__badge">Bientôt disponible</em>}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

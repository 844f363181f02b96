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
              aria-disabled={module.to ? undefined : true}
              onClick={() => (module.to ? navigate(module.to) : notifyUnavailableFeature())}
            >
              <strong>{module.title}</strong>
              <span>{module.description}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { lazy, Suspense, useState } from 'react';
import { Button, notifyInfo, Spinner, Tabs, useDocumentTitle, useSessionStore } from '@app/platform';
import { ModuleCards } from './module-cards';

// Only a user without an organisation needs the form and its validation rules: keep them off the first load.
const CreateOrganisationForm = lazy(() =>
  import('./create-organisation-form').then((module) => ({ default: module.CreateOrganisationForm })),
);

type StartTab = 'create' | 'join';

/** /dashboard: the module cards, or the first steps for a user without an organisation. */
export function StartScreen() {
  useDocumentTitle('Accueil');
  const organisations = useSessionStore((state) => state.organisations);
  return organisations.length > 0 ? <ModuleCards /> : <FirstSteps />;
}

function FirstSteps() {
  const [tab, setTab] = useState<StartTab>('create');
  const email = useSessionStore((state) => state.user?.email);
  return (
    <section className="ui-card shell-first-steps">
      <h1 className="ui-page-title">Démarrez votre aventure</h1>
      <Tabs<StartTab>
        label="Premiers pas"
        tabs={[
          { id: 'create', label: 'Créer une organisation' },
          { id: 'join', label: 'Rejoindre une équipe' },
        ]}
        selected={tab}
        onSelect={setTab}
      />
      {tab === 'create' ? (
        <Suspense fallback={<Spinner />}>
          <CreateOrganisationForm />
        </Suspense>
      ) : (
        <div>
          <p>
            Pour rejoindre une équipe, suivez le lien de l'e-mail d'invitation envoyé par l'administrateur de
            votre organisation.
          </p>
          <Button
            variant="secondary"
            onClick={() =>
              notifyInfo(
                `Demandez à l'administrateur de votre organisation de vous inviter avec l'adresse ${email ?? 'de votre compte'}.`,
              )
            }
          >
            Demander une invitation
          </Button>
        </div>
      )}
    </section>
  );
}

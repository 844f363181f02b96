import { Spinner } from './spinner';

/** Full-area wait, shown while a remote or the data of a screen is pending. */
export function LoadingScreen() {
  return (
    <div className="ui-loading-screen" data-testid="loading-screen">
      <Spinner />
    </div>
  );
}

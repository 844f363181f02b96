// The shell registers react-router's navigate here so platform code (the API client) can redirect
// without a full page load; before that, it falls back to the browser.
type Navigate = (path: string) => void;

let navigate: Navigate = (path) => window.location.assign(path);

export function setNavigator(next: Navigate): void {
  navigate = next;
}

export function navigateTo(path: string): void {
  navigate(path);
}

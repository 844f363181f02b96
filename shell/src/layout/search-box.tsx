import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/** Searches all opportunities: the list screen reads the `search` query parameter (docs/decisions/navigation.md). */
export function SearchBox() {
  const [term, setTerm] = useState('');
  const navigate = useNavigate();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const search = term.trim();
    navigate(
      search
        ? `/dashboard/opportunity/list/all?search=${encodeURIComponent(search)}`
        : '/dashboard/opportunity/list/all',
    );
  };
  return (
    <form className="shell-search" role="search" onSubmit={handleSubmit}>
      <input
        type="search"
        aria-label="Rechercher"
        placeholder="Rechercher"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
      />
    </form>
  );
}

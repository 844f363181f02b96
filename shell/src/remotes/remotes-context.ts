import { createContext } from 'react';
import type { RemoteDefinition } from './remote-table';

/** The remotes manifest read at start, for the screens that render modules from it (cards, navigation). */
export const RemotesContext = createContext<readonly RemoteDefinition[]>([]);

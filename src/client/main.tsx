import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { persistInBackground, restoreIfOffline } from './features/offline/offline-boot';
import { queryClient } from './lib/query-client';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain #root');

// Offline, the journal as last seen is read back first, so the signed-in shell (not the landing
// page) draws from it (issue 25); online nothing waits.
void restoreIfOffline(queryClient).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  persistInBackground(queryClient);
});

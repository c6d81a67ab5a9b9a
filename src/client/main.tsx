import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { registerServiceWorker } from './features/pwa/register-sw';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain #root');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker (issue 25, decision 0355): built and registered in production only, after the
// first screen; the embed page has an entry of its own and never registers it.
if (import.meta.env.PROD && 'serviceWorker' in navigator) void registerServiceWorker();

// First, before anything else is evaluated: the first load's requests (boot.ts).
import './boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { appPath } from './app-path';
import { preloadPageAt } from './shell/page-modules';
import './styles/app.css';

// The page's module is fetched now, beside React's first render rather than after it.
preloadPageAt(appPath(window.location.pathname));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, preloadRouteChunks } from './app/router';
import './styles/app.css';

preloadRouteChunks(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <AppRouter />
  </StrictMode>,
);

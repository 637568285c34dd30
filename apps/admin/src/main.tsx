import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './App';
import { startHeadStart } from './headStart';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

// Off the login page the chunks and the session check start now, not after React rendered (ADR 040).
if (!/^\/admin\/login\/?$/.test(window.location.pathname)) startHeadStart();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

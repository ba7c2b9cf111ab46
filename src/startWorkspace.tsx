/**
 * Starts the app on a staff workspace page (main.tsx): the same app, but the public frame is
 * loaded only if a public page is opened (src/ui/staff/workspaceRoutes.tsx).
 */
import { startApp } from './startApp';
import { WorkspaceRoutes } from './ui/staff/workspaceRoutes';

await startApp(<WorkspaceRoutes />);

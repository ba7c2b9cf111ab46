/** Starts the app on every page but the staff workspace's (main.tsx), with the public frame. */
import { startApp } from './startApp';
import { AppRoutes } from './ui/router';

await startApp(<AppRoutes />);

// The service worker, built by Vite as /sw.js (scope /): web push notifications (handlers.ts) and the app
// shell kept for opening offline (shell.ts).
import { install, type WorkerScope } from "./handlers";
import { installShell, type ShellScope } from "./shell";

install(self as unknown as WorkerScope);
installShell(self as unknown as ShellScope);

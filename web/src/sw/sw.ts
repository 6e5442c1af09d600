// The service worker, built by Vite as /sw.js (scope /): web push notifications (handlers.ts).
import { install, type WorkerScope } from "./handlers";

install(self as unknown as WorkerScope);

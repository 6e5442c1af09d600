import { render } from "preact";
import "./style.css";
import { App } from "./app";
import { registerWorker, showOffline } from "./sw/register";

render(<App />, document.getElementById("app")!);
showOffline(document.getElementById("offline"));
registerWorker();

import type { ComponentChildren } from "preact";
import { onLinkClick } from "./router";

export function Link(props: { href: string; children: ComponentChildren; class?: string; "aria-current"?: "page" }) {
  return (
    <a href={props.href} class={props.class} aria-current={props["aria-current"]} onClick={onLinkClick}>
      {props.children}
    </a>
  );
}

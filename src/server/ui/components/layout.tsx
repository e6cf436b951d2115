// The page frame every UI page shares: head with the stylesheet, the keel header with the store, and main.
/** @jsxImportSource hono/jsx */
import type { Child } from "hono/jsx";
import { When } from "./when.tsx";

export interface LayoutProps {
  title: string;
  version: string;
  store: { location: string; driver: string };
  generatedAt: number;
  nav?: { href: string; label: string; count?: number }[];
  /** Scripts from /static to load (deferred); most pages need none. */
  scripts?: string[];
  /** This server is the read-only demo: every page says so in a banner. */
  inDemo?: boolean;
  /** Where the read-only demo opens, when this server offers one: a link in the site navigation. */
  demoHref?: string;
  children?: Child;
}

/** What every page's frame shows about the server: keel's version, the store and when the page was made. */
export type PageFrame = Pick<LayoutProps, "version" | "store" | "generatedAt" | "inDemo" | "demoHref">;

const SITE_LINKS = [
  { href: "/", label: "Overview" },
  { href: "/sessions", label: "Sessions" },
  { href: "/dashboard", label: "Dashboard" },
  { href: "/storage", label: "Storage" },
];

export function Layout(props: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <meta name="color-scheme" content="light dark" />
        <title>{props.title}</title>
        <link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/static/styles.css" />
        {(props.scripts ?? []).map((src) => (
          <script src={`/static/${src}`} defer />
        ))}
      </head>
      <body>
        <a class="skip" href="#main">
          Skip to content
        </a>
        <header class="site-header">
          <div class="brand">
            <p class="logo">
              <a href="/">keel</a>
            </p>
            <span class="version" data-testid="version">
              {props.version}
            </span>
          </div>
          <dl class="facts">
            <div>
              <dt>store</dt>
              <dd data-testid="store">
                <code>{props.store.location}</code> <span class="tag">{props.store.driver}</span>
              </dd>
            </div>
            <div>
              <dt>as of</dt>
              <dd>
                <When at={props.generatedAt} />
              </dd>
            </div>
          </dl>
          {props.nav && props.nav.length > 0 ? (
            <nav class="site-nav" aria-label="sections">
              {props.nav.map((item) => (
                <a href={item.href}>
                  {item.label}
                  {item.count !== undefined ? <span class="count">{item.count}</span> : null}
                </a>
              ))}
            </nav>
          ) : null}
        </header>
        <nav class="site-links" aria-label="site">
          {SITE_LINKS.map((link) => (
            <a href={link.href}>{link.label}</a>
          ))}
          {props.demoHref ? (
            <a href={props.demoHref} data-testid="demo-link">
              Demo
            </a>
          ) : null}
        </nav>
        {props.inDemo ? (
          <p class="demo-banner" role="note" data-testid="demo-banner">
            <strong>Demo.</strong> You are looking at a read-only demo: a small invoice library worked on in
            real pi with keel installed, the model's replies scripted; on its own temporary store. Nothing
            here is your data, and nothing can be changed.
          </p>
        ) : null}
        <main id="main">
          <h1 id="title">{props.title}</h1>
          {props.children}
        </main>
      </body>
    </html>
  );
}

/** A titled section with a count badge and an empty state when it has nothing to show. */
export function Section(props: {
  id: string;
  title: string;
  count: number;
  empty: Child;
  note?: Child;
  children?: Child;
}) {
  return (
    <section id={props.id} data-testid={props.id} aria-labelledby={`${props.id}-title`}>
      <h2 id={`${props.id}-title`}>
        {props.title} <span class="count">{props.count}</span>
      </h2>
      {props.note ? <p class="note">{props.note}</p> : null}
      {props.count === 0 ? (
        <p class="empty" data-testid={`${props.id}-empty`}>
          {props.empty}
        </p>
      ) : (
        <div class="table-wrap" tabindex={0}>
          {props.children}
        </div>
      )}
    </section>
  );
}

// A turn's text as safe HTML: markdown-it with raw HTML off (every `<` in the text arrives escaped), no images
// (nothing loads from elsewhere) and its own link check (no javascript: or data: targets). Paragraphs, lists,
// code blocks and inline code come out as such, headings as bold lines; anything else stays readable text.
/** @jsxImportSource hono/jsx */
import { raw } from "hono/html";
import MarkdownIt from "markdown-it";

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false }).disable(["image"]);
// A heading inside a turn is emphasis, not page structure: the page's own outline stays h1 > h2 > h3.
markdown.renderer.rules.heading_open = () => '<p class="md-heading"><strong>';
markdown.renderer.rules.heading_close = () => "</strong></p>\n";

/** The HTML markdown-it makes of the text: escaped, image-free. */
export function renderMarkdown(text: string): string {
  return markdown.render(text);
}

export function Markdown(props: { text: string }) {
  return <div class="md">{raw(renderMarkdown(props.text))}</div>;
}

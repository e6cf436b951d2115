// A moment shown as local time, with its machine-readable ISO form for assistive tools and copying.
/** @jsxImportSource hono/jsx */
import { formatTime, isoTime } from "./format.ts";

export function When(props: { at: number | string | null | undefined }) {
  return <time datetime={isoTime(props.at)}>{formatTime(props.at)}</time>;
}

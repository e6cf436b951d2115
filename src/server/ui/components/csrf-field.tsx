// The hidden CSRF field every form that changes something carries (checked by server/csrf.ts).
/** @jsxImportSource hono/jsx */
import { CSRF_FIELD } from "../../csrf.ts";

export function CsrfField(props: { token: string }) {
  return <input type="hidden" name={CSRF_FIELD} value={props.token} />;
}
